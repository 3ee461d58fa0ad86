"""One Streamlit server per test session, and Playwright driving Debian's /usr/bin/chromium.

Never `playwright install`: the browser is the system one. On failure each test leaves a
screenshot in the `artifacts` folder, outside the checkout (under pytest's basetemp; the run ends by
printing where), and the server logs are written there too.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from ui.serve import TRAINED

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
APP_TIMEOUT_MS = 60_000
# Auto-retrying assertions wait as long as page loads may take on a loaded 2-core CI machine.
expect.set_options(timeout=APP_TIMEOUT_MS)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int, log_path: Path, script: Path | None = None,
                 warm: bool = False, root: Path = ROOT) -> subprocess.Popen[bytes]:
    """Start the app of the checkout `root` as `scripts/run_app.sh` does (`python -m ui.serve`), or
    `streamlit run script` for another script (through `ui.serve --main script`, warmed up like the
    app, if `warm`), on a loopback port with the project's config; wait for its health check."""
    log_path.parent.mkdir(parents=True, exist_ok=True)
    log = log_path.open("wb")
    if script is None:
        command = ["-m", "ui.serve"]
    else:
        command = ["-m", "ui.serve", "--main", str(script)] if warm else ["-m", "streamlit", "run", str(script)]
    proc = subprocess.Popen(
        [
            sys.executable, *command,
            "--server.port", str(port), "--server.address", "127.0.0.1",
            "--server.headless", "true", "--browser.gatherUsageStats", "false",
        ],
        cwd=root,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as r:
                if r.status == 200:
                    return proc
        except OSError:
            time.sleep(0.3)
    proc.kill()
    raise RuntimeError(f"Streamlit did not start; see {log_path}")


def wait_warmed(log_path: Path, timeout_s: float = 300, models: bool = True) -> float:
    """Wait until a server started by `start_server` has finished its background warm-up (its log
    says "warmed up in N s") and, with `models`, trained the Machine learning page's default models
    (the app's own server does, a floor page's does not); return N. A class arrives after the
    teacher started the server; a load measured during the warm-up measures the warm-up (session 33:
    12-21 s of a busy GIL)."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        log = log_path.read_text(errors="replace")
        found = re.search(r"warmed up in ([0-9.]+) s", log)
        if found and (not models or TRAINED in log):
            return float(found.group(1))
        time.sleep(0.3)
    raise RuntimeError(f"the server did not finish warming up in {timeout_s:.0f} s; see {log_path}")


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    """Stop a server started by `start_server`: terminate, then kill if it has not left in 20 s."""
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


_ARTIFACTS: list[Path] = []  # the run's artifacts folder, once made (printed at the end)


@pytest.fixture(scope="session")
def artifacts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where this run's screenshots and server logs go: pytest's basetemp, never the checkout."""
    path = tmp_path_factory.mktemp("e2e-artifacts", numbered=False)
    _ARTIFACTS.append(path)
    return path


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for path in _ARTIFACTS:
        terminalreporter.write_line(f"e2e screenshots and server logs: {path}")


@pytest.fixture(scope="session")
def base_url(artifacts: Path) -> Iterator[str]:
    port = _free_port()
    proc = start_server(port, artifacts / "server.log")
    yield f"http://127.0.0.1:{port}"
    stop_server(proc)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: Browser, artifacts: Path, request: pytest.FixtureRequest) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(APP_TIMEOUT_MS)
    pg = context.new_page()
    yield pg
    failed = getattr(request.node, "rep_call", None)
    if failed is not None and failed.failed:
        name = re.sub(r"\W+", "_", request.node.name)
        pg.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)
    context.close()


@pytest.hookimpl(tryfirst=True, hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    rep = outcome.get_result()
    setattr(item, f"rep_{rep.when}", rep)


# Streamlit's frontend sends a widget's new value after a debounce, and the server starts the rerun
# 135-170 ms after the key press on this machine: wait past that before asking whether it ran.
DEBOUNCE_MS = 250


def wait_for_app_run(page: Page, initial_wait_ms: int = DEBOUNCE_MS) -> None:
    """Wait for the rerun an action started, as Streamlit's own e2e suite does: a short wait for the
    widget's debounce, then a connected app whose script has finished, then no loading skeletons."""
    page.wait_for_timeout(initial_wait_ms)
    app = page.get_by_test_id("stApp")
    expect(app).to_have_attribute("data-test-connection-state", "CONNECTED")
    expect(app).to_have_attribute("data-test-script-state", "notRunning")
    expect(page.get_by_test_id("stSkeleton")).to_have_count(0)


def open_app(page: Page, url: str) -> None:
    """Open a URL of the app and wait until its first run is done and no exception is shown."""
    page.goto(url)
    wait_for_app_run(page, initial_wait_ms=0)
    expect(page.locator("[data-testid=stMain]")).to_be_visible()
    expect(page.locator("[data-testid=stException]")).to_have_count(0)


def expect_clean(page: Page) -> None:
    """The scenario's "must not happen": no exception and no error box on the page."""
    expect(page.get_by_test_id("stException")).to_have_count(0)
    expect(page.get_by_test_id("stAlertContentError")).to_have_count(0)


def chart(page: Page, title: str) -> Locator:
    """The one Vega-Lite chart whose title starts with `title`, as a reader finds it (charts mount
    in no fixed order, so never by position). Waits until it is drawn."""
    found = page.get_by_test_id("stVegaLiteChart").filter(
        has=page.locator("g.role-title-text text", has_text=title)
    )
    expect(found).to_have_count(1)
    return found


def _marks(figure: Locator, layer: str) -> Locator:
    return figure.locator(f"g.{layer}_marks > [aria-label]")


def mark_labels(figure: Locator, layer: str) -> list[str]:
    """The labels Vega gives the marks of the layer named `layer` (the builder's "name") as a screen
    reader reads them ("Bin: 20-30; Number of people: 405; series: D"): what the page shows.
    Waits until that layer is drawn."""
    marks = _marks(figure, layer)
    expect(marks.first).to_be_attached()
    return marks.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")


def wait_for_mark(figure: Locator, layer: str, text: str) -> None:
    """Wait until some mark of a named layer has `text` in its label (after a rerun the browser
    swaps the new data into the chart it has drawn)."""
    quoted = text.replace("\\", "\\\\").replace('"', '\\"')
    expect(figure.locator(f'g.{layer}_marks > [aria-label*="{quoted}"]').first).to_be_attached()


def label_number(label: str, position: int) -> float:
    """The number in the position-th "name: value" part of a mark label (Vega writes −1,234.5)."""
    value = label.split("; ")[position].split(": ", 1)[1]
    return float(value.replace("\u2212", "-").replace(",", ""))


def upload_csv(page: Page, name: str, data: bytes) -> None:
    """Upload a CSV through the sidebar's uploader, found by its label as a user finds it (the
    sidebar has other uploaders, a lesson file's among them), and wait for the rerun."""
    from ui.text.common import TEXT

    uploader = page.get_by_label(TEXT["sidebar_upload"]).get_by_test_id("stFileUploaderDropzoneInput")
    uploader.set_input_files(files=[{"name": name, "mimeType": "text/csv", "buffer": data}])
    wait_for_app_run(page)


# Resolves once nothing on the page has scrolled for `quiet` ms.
SCROLL_STILL = """quiet => new Promise(resolve => {
  let last = performance.now();
  const seen = () => { last = performance.now(); };
  document.addEventListener('scroll', seen, true);
  const timer = setInterval(() => {
    if (performance.now() - last < quiet) return;
    clearInterval(timer);
    document.removeEventListener('scroll', seen, true);
    resolve(true);
  }, 50);
})"""


def choose(page: Page, label: str, option: str) -> None:
    """Pick an option of a select box as a keyboard user does: focus it, open its list with the down
    arrow, click the option. First wait until nothing scrolls: an expander that has just grown
    (the "Add a statistic" panel after a choice) scrolls its own box back for ~300 ms, and react-aria
    closes a list as soon as anything holding its box scrolls (recorded with scroll and focus
    listeners, LEARNED.md). A list closed all the same is opened again, at most three times."""
    box = page.get_by_role("combobox", name=label, exact=True)
    item = page.get_by_role("option", name=option, exact=True)
    for _ in range(3):
        page.evaluate(SCROLL_STILL, 400)
        box.focus()
        box.press("ArrowDown")
        try:
            item.click(timeout=1_000)
            break
        except PlaywrightTimeout:
            continue
    wait_for_app_run(page)
    expect(box).to_have_value(option)
