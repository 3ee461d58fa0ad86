"""The Machine learning page's parts: a model trained with DP-SGD (`train`), what it costs by two
accountants (`account`), accuracy against ε (`tradeoff`) and membership inference (`attack`)."""
