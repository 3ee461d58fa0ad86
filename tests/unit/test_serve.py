"""ui.serve preloads every module a page imports, so no first visitor pays for an import."""

from __future__ import annotations

import importlib

from ui.serve import app_modules


def test_the_preloaded_modules_are_the_views_and_controls_and_all_import() -> None:
    modules = app_modules()
    assert "ui.views.planner.plan" in modules and "ui.controls.histogram" in modules
    assert not any(m.endswith("__init__") for m in modules)
    for name in modules:
        importlib.import_module(name)
