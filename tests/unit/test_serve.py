"""ui.serve preloads every module a page imports, so no first visitor pays for an import."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

from ui.serve import ROOT, TRAINED, app_modules, warm_up


def test_the_preloaded_modules_are_the_views_and_controls_and_all_import() -> None:
    modules = app_modules()
    assert "ui.views.planner.plan" in modules and "ui.tabs.histogram.histogram" in modules
    assert not any(m.endswith("__init__") for m in modules)
    for name in modules:
        importlib.import_module(name)


@pytest.mark.slow
def test_warm_up_leaves_streamlit_s_first_run_steps_done() -> None:
    warm_up(learning=False)  # the models train in a server's background (tests/app/test_11_Machine_learning.py)
    assert "streamlit.emojis" in sys.modules  # the emoji table set_page_config would load
    assert "ui.views.audit.mechanism" in sys.modules


@pytest.mark.slow
def test_starting_the_app_logs_no_warning_a_newcomer_would_worry_about() -> None:
    """The warm-up runs before Streamlit's runtime exists; its "No runtime found" and "missing
    ScriptRunContext" warnings are harmless there and must not reach the console (issue 31)."""
    done = subprocess.run([sys.executable, "-c", "from ui.serve import warm_up; warm_up()"], cwd=ROOT,
                          capture_output=True, text=True, timeout=400, check=False)  # the models train too
    assert done.returncode == 0, done.stderr
    output = done.stdout + done.stderr
    assert "No runtime found" not in output and "missing ScriptRunContext" not in output
    assert "WARNING" not in output and TRAINED in output


@pytest.mark.slow
def test_the_server_accepts_visitors_while_it_warms_up_and_then_says_so(tmp_path) -> None:
    """`python -m ui.serve` answers before its warm-up ends (issue 33: 5.1 s of warming came first),
    a page opens meanwhile, and the warm-up ends with a line for whoever started it, no traceback
    (a half-imported pandas once killed the server: ui.serve.FIRST)."""
    import time
    import urllib.request

    from tests.e2e.conftest import _free_port, start_server, stop_server

    port, log = _free_port(), tmp_path / "server.log"
    proc = start_server(port, log)
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/Attacks", timeout=30) as page:
            assert page.status == 200
        deadline = time.monotonic() + 120
        while "warmed up" not in log.read_text(errors="replace") and time.monotonic() < deadline:
            time.sleep(0.5)
        text = log.read_text(errors="replace")
        assert "DP Explorer: warmed up in" in text and "Traceback" not in text
    finally:
        stop_server(proc)


def test_for_a_class_listens_on_the_network_and_names_the_address_phones_open() -> None:
    from ui.serve import for_a_class

    options, lines = for_a_class(["--class"], "192.168.1.20")
    assert options == ["--server.address", "0.0.0.0", "--server.port", "8501"]
    assert "http://192.168.1.20:8501/Live_poll" in lines
    options, lines = for_a_class(["--class", "9000", "--server.baseUrlPath", "dp"], None)
    assert options == ["--server.address", "0.0.0.0", "--server.port", "9000", "--server.baseUrlPath", "dp"]
    assert "no network address" in lines


@pytest.mark.slow
def test_the_class_command_prints_a_link_that_answers(tmp_path) -> None:
    """`scripts/run_app.sh --class PORT` (the README's command): the link it prints answers."""
    import re
    import time
    import urllib.request

    from tests.e2e.conftest import _free_port, stop_server

    port, log = _free_port(), tmp_path / "server.log"
    proc = subprocess.Popen(["bash", str(ROOT / "scripts" / "run_app.sh"), "--class", str(port)], cwd=ROOT,
                            stdout=log.open("wb"), stderr=subprocess.STDOUT)
    try:
        deadline, link = time.monotonic() + 120, None
        while link is None and time.monotonic() < deadline:
            found = re.search(r"open (http://\S+:\d+)/ on the projector", log.read_text(errors="replace"))
            link = found.group(1) if found else None
            time.sleep(0.3)
        assert link is not None, log.read_text(errors="replace")
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{link}/_stcore/health", timeout=2) as answer:
                    assert answer.status == 200
                    break
            except OSError:
                time.sleep(0.3)
        else:
            raise AssertionError(f"{link} never answered")
        with urllib.request.urlopen(f"{link}/Live_poll", timeout=30) as page:
            assert page.status == 200
    finally:
        stop_server(proc)
