"""Control groups of single pages, kept out of the page files so pages stay thin."""
