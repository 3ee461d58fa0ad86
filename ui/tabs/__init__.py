"""The tabs of the pages: one module per tab (its widgets, its fragments and its short draw), its
numbers computed by a pure view in ui/views. A page lists its tabs (ui.state.url_tabs)."""
