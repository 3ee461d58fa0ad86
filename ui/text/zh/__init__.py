"""The interface in Chinese (中文): one module per ui/text module, the same keys and placeholders."""
