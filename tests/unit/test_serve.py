"""ui.serve preloads every module a page imports, so no first visitor pays for an import."""

from __future__ import annotations

import importlib
import sys

import pytest

from ui.serve import app_modules, warm_up


def test_the_preloaded_modules_are_the_views_and_controls_and_all_import() -> None:
    modules = app_modules()
    assert "ui.views.planner.plan" in modules and "ui.controls.histogram" in modules
    assert not any(m.endswith("__init__") for m in modules)
    for name in modules:
        importlib.import_module(name)


@pytest.mark.slow
def test_warm_up_leaves_streamlit_s_first_run_steps_done() -> None:
    warm_up()
    assert "streamlit.emojis" in sys.modules  # the emoji table set_page_config would load
    assert "ui.views.audit.mechanism" in sys.modules
