"""The Audit page's parts: a mechanism tested from many draws on two inputs (`mechanism`), and in one
run with canaries (`one_run`)."""
