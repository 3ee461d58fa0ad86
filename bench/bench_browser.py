"""What a person waits for in the browser, on every page, against a minimal one-slider page.

Both figures compare each page with `bench/minimal_app.py` (one slider, one number) measured in the
same run, on the same machine, with the project's .streamlit/config.toml, Playwright driving
Debian's chromium on loopback; and with `bench/floor_app.py`, the floor of a page of ours (the
shared sidebar, and one epsilon slider, one chart and one sentence in a fragment), which no page can
beat, so that a page's figure says both how far it is from the target and how much of that is its own;
and with `bench/floor_client_app.py`, that floor page with epsilon moved by the chart itself (a
Vega-Lite parameter bound to a range input; the chart holds every epsilon's numbers), the cost of a
step that never leaves the browser:

1. Slider step (target: at most 2x the minimal page). On each page with a slider, the epsilon slider
   (role slider or range input whose name holds "ε" or "epsilon", else the first slider; the one
   used is printed) is focused, then each step is a key press sent with `page.keyboard` (never
   through a locator, which walks the page first). A MutationObserver on `[data-testid=stMain]` (subtree, childList,
   attributes, characterData) keeps the `performance.now()` of the last change, and a wrapper of
   the page's WebSocket counts the app's messages. The step ends when the rerun has happened (the
   page sent a message and got replies, the last 400 ms ago), `[data-testid=stApp]` says
   `data-test-script-state=notRunning`, and the main area has not changed for 400 ms; its time is
   the last mutation minus the key press, both in the page's clock. (The script state alone can
   miss a fast rerun: React may render running and notRunning in one go.) 3 warm-up steps, then
   12 alternating ArrowRight/ArrowLeft, in each of 2 rounds over every page (interleaved, as the
   cold opens are); the median is printed, with the browser's main-thread CPU
   per step (Chrome's TaskDuration through CDP), steadier than wall time on a shared machine, and
   when the rerun's last message arrived (the rest of the step is the browser drawing). A slider
   inside a chart (a Vega-Lite binding, ui/chart_slider.py) needs no rerun: its step ends when the
   main area has not changed for 400 ms and any message sent since the key press (the app tells
   the server the new value a moment later) has had its replies, the last 400 ms ago; a change the
   server's reply makes counts. A mutation of an element with no height (the stale flag of an
   invisible helper) is not a change of the page. The Histogram page's line is the successor of
   this file's old figure (epsilon change to the histogram redrawn). The same target holds for a
   number typed in (issue 10: a target accuracy of the planner): a new value is filled in, then
   Enter is timed the same way (`TYPED`).
2. Cold open (target: at most 1.5x the minimal page). For each page and each run a fresh
   `streamlit run` server and a new browser context; from navigation start to the last mutation in
   the main area, once the script is notRunning, every Vega-Lite chart has an svg with a drawn
   `g.mark-*` group, and nothing has changed for 600 ms. Median over 3 runs (each a fresh server).

A page that fails (does not load, shows an exception, has no slider, never settles) is reported as
such and the others go on. No timing is asserted. Every server is stopped at the end.

Run: .venv/bin/python -m bench.bench_browser   (options: --steps, --warmup, --rounds, --runs, --pages,
     --planner-tabs, --skip-steps, --skip-cold; e.g. `--steps 3 --runs 1` for a quick look; the planner's
     tabs alone: `--pages Release_planner --planner-tabs --skip-cold`)
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import tempfile
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from urllib.parse import quote, urlsplit

from playwright.sync_api import Browser, Page, sync_playwright

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, _free_port, start_server, stop_server, wait_for_app_run
from ui.text.planner import TEXT as PLANNER

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench" / "out"
MINIMAL = "minimal page"
FLOOR = "floor page"  # bench/floor_app.py: the shared sidebar and one slider, chart and sentence
CLIENT = "floor in browser"  # bench/floor_client_app.py: the same, stepped by the chart itself
REFERENCES = (MINIMAL, FLOOR, CLIENT)
SCRIPTS = {FLOOR: "floor_app.py", CLIENT: "floor_client_app.py"}
PAGES = ("", "Attacks", "Histogram_and_neighbour", "Attacker_posterior", "Exponential_mechanism",
         "Randomized_response", "Release_planner", "Local_DP", "Synthetic_data", "Audit")
SLIDER_PAGES = PAGES[1:]  # the home page has no slider
# Numbers typed rather than stepped, timed like a step: name ("page: what") -> (path, input's label).
TYPED = {"Release_planner: a target accuracy": ("Release_planner?plan_direction=accuracy&data=penguins",
                                               PLANNER["name_count"])}  # the target of the plan's count
TYPED_VALUES = (40, 50)
# The planner's other tabs (issue 32), each stepped by the total budget's slider they share (--planner-tabs):
# error per bar with categories read from the data, rows per person, value bounds, risk (with risk in,
# epsilon out).
_KEYED = quote('[{"kind":"count"},{"kind":"histogram","column":"island","mechanism":"discrete_laplace",'
               '"select_keys":true},{"kind":"mean","column":"body_mass_g","lower":2500,"upper":6500}]')
PLANNER_TABS = (f"Release_planner?data=penguins&plan_tab=cells&plan={_KEYED}",
                "Release_planner?data=penguins&plan_tab=bounds&plan_unit=person&plan_id=island&plan_m=20",
                "Release_planner?data=penguins&plan_tab=clamp",
                "Release_planner?data=penguins&plan_tab=risk")
VIEWPORT = {"width": 1400, "height": 1000}
STEP_QUIET_MS, OPEN_QUIET_MS = 400, 600
STEP_TIMEOUT_MS, OPEN_TIMEOUT_MS = 60_000, 120_000
NO_RERUN_MS = 5_000  # a key press that sent nothing by then changed nothing (an end of the slider)
EPSILON = re.compile("ε|epsilon", re.IGNORECASE)

# Installed before any page script runs: an observer that waits for the main area to appear, then
# watches only it and notes the time of its last mutation; and a wrapper of the page's WebSocket
# that counts the app's messages (the script state alone can miss a fast rerun).
OBSERVER = """
(() => {
  const b = window.__bench = {last: 0, mutations: 0, main: null};
  const options = {subtree: true, childList: true, attributes: true, characterData: true};
  const seen = () => { b.last = performance.now(); b.mutations++; };
  // An element with no height shows nothing: the stale flag of an invisible helper (a component that
  // only reports a value to the server) is not a change of the page.
  const hidden = m => m.type === 'attributes' && m.target.dataset && m.target.dataset.testid === 'stElementContainer'
    && m.target.offsetHeight === 0;
  const observer = new MutationObserver(records => {
    if (b.main) return records.every(hidden) ? undefined : seen();
    const main = document.querySelector('[data-testid=stMain]');
    if (!main) return;
    b.main = main;  // from now on watch only the main area
    observer.disconnect();
    observer.observe(main, options);
    seen();
  });
  observer.observe(document, options);
  const Native = window.WebSocket;  // count the app's websocket traffic: did a key press rerun?
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', () => { b.received++; b.lastReceived = performance.now(); });
    }
    send(data) { b.sent++; return super.send(data); }
  };
  Object.assign(b, {sent: 0, received: 0, lastReceived: 0});
})();
"""

# Resolves once the page has settled: messages sent and received since `since` (the traffic counts at
# the key press, or zero on opening), the last one `quiet` ms ago; the script not running; `charts`
# drawn if asked; and no mutation in the main area for `quiet` ms. Polled inside the page.
SETTLED = """
async ({quiet, timeout, noRerun, since, charts, rerun}) => {
  const b = window.__bench, t0 = performance.now();
  const chartsDrawn = () => Array.from(document.querySelectorAll('[data-testid=stVegaLiteChart]'))
    .every(c => Array.from(c.querySelectorAll('svg g[class*="mark-"]')).some(g => g.childElementCount > 0));
  for (;;) {
    await new Promise(r => setTimeout(r, 50));
    const now = performance.now();
    const app = document.querySelector('[data-testid=stApp]');
    const idle = app && app.dataset.testScriptState === 'notRunning';
    const replied = b.received > since.received && now - b.lastReceived >= quiet;
    const ran = rerun ? b.sent > since.sent && replied : b.sent === since.sent || replied;
    const drawn = !charts || chartsDrawn();
    if (idle && ran && drawn && b.mutations > 0 && now - b.last >= quiet) return {ok: true, last: b.last, lastMessage: b.lastReceived};
    if (rerun && since.now && b.sent === since.sent && now - t0 > noRerun) return {ok: false, why: 'no rerun sent'};
    if (now - t0 > timeout)
      return {ok: false,
              why: `did not settle (script ${app && app.dataset.testScriptState}, charts drawn: ${drawn})`};
  }
}
"""
# Exceptions and error boxes the page shows, in short ("" if none).
SHOWN = """Array.from(document.querySelectorAll('[data-testid=stException], [data-testid=stAlertContentError]'))
  .map(e => e.innerText.split('\\n')[0].slice(0, 120)).join(' | ')"""
OPENING = {"sent": 0, "received": 0, "now": 0}  # traffic counts before a page's first message
TRAFFIC = "() => { const b = window.__bench; return {sent: b.sent, received: b.received, now: performance.now()} }"


def _settle(page: Page, quiet: int, timeout: int, since: dict, charts: bool, rerun: bool = True) -> dict:
    """Wait until the page has settled (see SETTLED); `rerun=False` for a step the browser makes alone."""
    return page.evaluate(SETTLED, {"quiet": quiet, "timeout": timeout, "noRerun": NO_RERUN_MS,
                                   "since": since, "charts": charts, "rerun": rerun})


@dataclass
class Figures:
    """One page's measurements; `problems` says what went wrong, if anything."""
    times: list[float] = field(default_factory=list)  # seconds
    cpu: list[float] = field(default_factory=list)  # seconds of browser main-thread CPU
    messages: list[float] = field(default_factory=list)  # seconds to the rerun's last message
    note: str = ""
    problems: list[str] = field(default_factory=list)


@contextmanager
def server(kind: str) -> Iterator[str]:
    """A fresh server of the app ("app"), the minimal page (MINIMAL) or a floor page (FLOOR, CLIENT);
    yields its base URL."""
    port = _free_port()
    log = OUT / f"bench-browser-{kind.replace(' ', '-')}.log"
    with ExitStack() as stack:
        if kind == "app":
            proc = start_server(port, log)
        elif kind == MINIMAL:
            proc = start_server(port, log, ROOT / "bench" / "minimal_app.py")
        else:
            proc = start_server(port, log, stack.enter_context(_floor_script(SCRIPTS[kind])), warm=True)
        try:
            yield f"http://127.0.0.1:{port}"
        finally:
            stop_server(proc)


@contextmanager
def _floor_script(script: str) -> Iterator[Path]:
    """bench/`script` (a floor page) as the main script of a temporary folder that links the app's
    pages and modules (its sidebar menu needs them); a copy, since a link would resolve to bench/."""
    with tempfile.TemporaryDirectory(prefix="floor-") as folder:
        for name in ("ui", "dpcore", "data", "pages"):
            (Path(folder) / name).symlink_to(ROOT / name)
        shutil.copy(ROOT / "bench" / script, Path(folder) / "app.py")
        yield Path(folder) / "app.py"


def _same_path(actual: str, wanted: str) -> bool:
    return urlsplit(actual).path.rstrip("/") == urlsplit(wanted).path.rstrip("/")


# Focus the slider named `name`, else the first whose name holds ε/epsilon, else the first; its name.
FOCUS = """
([name, pattern]) => {
  const sliders = Array.from(document.querySelectorAll('[role=slider], input[type=range]'));
  const label = e => e.getAttribute('aria-label') || (e.closest('label') || {}).textContent || '';
  const re = new RegExp(pattern, 'i');
  const found = sliders.find(e => name !== null && label(e) === name) || sliders.find(e => re.test(label(e)))
    || sliders[0];
  if (!found) return null;
  found.focus();
  return label(found);
}
"""


# Is the focused slider a chart's own input (a Vega-Lite parameter): does a step stay in the browser?
IN_CHART = "document.activeElement.closest('.vega-bind') !== null"


def _focus_slider(page: Page, name: str | None = None) -> str:
    """Focus the epsilon slider (or the slider called `name`); return its name, raise if none."""
    found = page.evaluate(FOCUS, [name, EPSILON.pattern])
    if found is None:
        main = page.evaluate("(document.querySelector('[data-testid=stMain]') || document.body).innerText")
        raise LookupError(f"no slider on the page, which shows: {' '.join(main.split())[:160]!r}")
    return found


def _open(page: Page, url: str, figures: Figures) -> None:
    """Open `url` and wait until it has settled with its charts drawn (problems into `figures`)."""
    page.goto(url, timeout=OPEN_TIMEOUT_MS)
    wait_for_app_run(page, initial_wait_ms=0)
    opened = _settle(page, STEP_QUIET_MS, OPEN_TIMEOUT_MS, OPENING, charts=True)
    if not opened["ok"]:
        figures.problems.append(f"opening: {opened['why']}")
    if not _same_path(page.url, url):
        raise LookupError(f"page not found (the app went to {urlsplit(page.url).path})")
    shown = page.evaluate(SHOWN)
    if shown:
        figures.problems.append(f"shown after opening: {shown}")


class _Timer:
    """Times key presses on one page: from the press to the page settled, with the browser's CPU."""

    def __init__(self, page: Page, figures: Figures) -> None:
        self.page, self.figures = page, figures
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("Performance.enable")

    def _busy(self) -> float:
        metrics = self.cdp.send("Performance.getMetrics")["metrics"]
        return next(m["value"] for m in metrics if m["name"] == "TaskDuration")

    def press(self, key: str, rerun: bool, counted: bool) -> str | None:
        """Press `key`; note its time if `counted`. Returns why it did not settle, if it did not."""
        cpu_start = self._busy()
        since = self.page.evaluate(TRAFFIC)
        self.page.keyboard.press(key)
        result = _settle(self.page, STEP_QUIET_MS, STEP_TIMEOUT_MS, since, charts=False, rerun=rerun)
        cpu = self._busy() - cpu_start
        if not result["ok"]:
            return result["why"]
        if counted:
            self.figures.times.append((result["last"] - since["now"]) / 1000)
            self.figures.cpu.append(cpu)
            if result["lastMessage"] > since["now"]:
                self.figures.messages.append((result["lastMessage"] - since["now"]) / 1000)
        return None


def slider_steps(page: Page, url: str, warmup: int, steps: int, figures: Figures) -> None:
    """Time `steps` key presses on the page's epsilon slider (after `warmup` ones) into `figures`."""
    _open(page, url, figures)
    slider_name = _focus_slider(page)
    how = "epsilon slider" if EPSILON.search(slider_name) else "no epsilon slider, so the first slider"
    rerun = not page.evaluate(IN_CHART)
    figures.note = f"{how} '{slider_name.strip()}'" + ("" if rerun else ", in the chart: no rerun")
    timer = _Timer(page, figures)
    direction = 0
    for i in range(warmup + steps):
        if page.evaluate("document.activeElement.getAttribute('role') !== 'slider' && "
                         "document.activeElement.type !== 'range'"):
            _focus_slider(page, slider_name)  # the rerun replaced it (not timed)
        key = ("ArrowRight", "ArrowLeft")[(i + direction) % 2]
        why = timer.press(key, rerun, i >= warmup)
        if why is not None:
            figures.problems.append(f"step {i + 1} ({key}): {why}")
            if why == "no rerun sent":
                direction += 1  # at an end of the slider: go the other way from now on
    shown = page.evaluate(SHOWN)
    if shown:
        figures.problems.append(f"shown after the steps: {shown}")


def typed_steps(page: Page, url: str, label: str, warmup: int, steps: int, figures: Figures) -> None:
    """Time `steps` numbers typed into the first number input named `label` (after `warmup`):
    each a new value filled in (not timed; what it changes in the browser alone, such as a chart's
    point following the digits, is let finish, as it would before a person presses a key), then
    Enter, timed to the page settled."""
    _open(page, url, figures)
    figures.note = f"'{label}' typed, then Enter"
    box = page.get_by_role("spinbutton", name=label).first
    timer = _Timer(page, figures)
    for i in range(warmup + steps):
        box.fill(str(TYPED_VALUES[i % 2]))
        _settle(page, STEP_QUIET_MS, STEP_TIMEOUT_MS, page.evaluate(TRAFFIC), charts=False, rerun=False)
        why = timer.press("Enter", True, i >= warmup)
        if why is not None:
            figures.problems.append(f"edit {i + 1}: {why}")
    shown = page.evaluate(SHOWN)
    if shown:
        figures.problems.append(f"shown after the edits: {shown}")


def cold_open(browser: Browser, url: str) -> tuple[float | None, str]:
    """Seconds from navigation start until the page has settled with every chart drawn."""
    context = browser.new_context(viewport=VIEWPORT)
    try:
        context.add_init_script(OBSERVER)
        page = context.new_page()
        page.goto(url, timeout=OPEN_TIMEOUT_MS)
        result = _settle(page, OPEN_QUIET_MS, OPEN_TIMEOUT_MS, OPENING, charts=True)
        if not result["ok"]:
            return None, result["why"]
        if not _same_path(page.url, url):
            return None, f"page not found (the app went to {urlsplit(page.url).path})"
        shown = page.evaluate(SHOWN)
        return result["last"] / 1000, f"shown: {shown}" if shown else ""
    finally:
        context.close()


def _guard(figures: Figures, action: Callable[[], None]) -> None:
    """Run one measurement; a page that breaks is a finding, not the end of the benchmark."""
    try:
        action()
    except Exception as exc:  # noqa: BLE001 - report whatever the page did and go on
        figures.problems.append(f"failed: {type(exc).__name__}: {str(exc).splitlines()[0][:200]}")


def run_steps(browser: Browser, pages: list[str], warmup: int, steps: int, rounds: int) -> dict[str, Figures]:
    """Every page's steps, `rounds` times over (interleaved, so a slow spell of the machine hits the
    minimal page too, not only the pages measured during it), each round in a new browser context."""
    with ExitStack() as stack:
        urls = {name: stack.enter_context(server(name)) + "/" for name in REFERENCES}
        app_url = stack.enter_context(server("app"))
        measures: dict[str, Callable[..., None]] = {
            name: partial(slider_steps, url=url, warmup=warmup, steps=steps)
            for name, url in [*urls.items()] + [(p, f"{app_url}/{p}") for p in pages]}
        measures |= {name: partial(typed_steps, url=f"{app_url}/{path}", label=label, warmup=warmup, steps=steps)
                     for name, (path, label) in TYPED.items() if name.split(":")[0] in pages}
        results = {name: Figures() for name in measures}
        for _ in range(rounds):
            for name, measure in measures.items():
                context = browser.new_context(viewport=VIEWPORT)
                context.add_init_script(OBSERVER)
                _guard(results[name], partial(measure, context.new_page(), figures=results[name]))
                context.close()
    return results


def run_cold(browser: Browser, pages: list[str], runs: int) -> dict[str, Figures]:
    results = {name: Figures() for name in [*REFERENCES, *pages]}
    for _ in range(runs):  # interleaved, so a slow spell of the machine hits every page alike
        for name, figures in results.items():
            _guard(figures, partial(_cold_run, browser, name, figures))
    return results


def _cold_run(browser: Browser, name: str, figures: Figures) -> None:
    """One cold open of one page, on a server of its own started for it."""
    with server(name if name in REFERENCES else "app") as base:
        seconds, problem = cold_open(browser, f"{base}/{'' if name in REFERENCES else name}")
    if problem:
        figures.problems.append(problem)
    if seconds is not None:
        figures.times.append(seconds)


def _label(name: str) -> str:
    return name if name in REFERENCES else "/" + name


def _problems(figures: Figures) -> None:
    for text in dict.fromkeys(figures.problems):  # once each, in order
        print(f"    problem: {text} ({figures.problems.count(text)}x)")


def _ratios(value: float, results: dict[str, Figures], measure: str = "times") -> str:
    """`value` against the median of the minimal page and of the floor page: "2.10x, floor 1.05x"."""
    shown = []
    for name, prefix in ((MINIMAL, ""), (FLOOR, "floor ")):
        reference = getattr(results[name], measure) if name in results else []
        shown.append(f"{prefix}{value / statistics.median(reference):.2f}x" if reference else f"{prefix}n/a")
    return ", ".join(shown)


def report_steps(results: dict[str, Figures], steps: int) -> None:
    print(f"1. slider step, key press to the last change of the page (median of {steps} steps; "
          f"target <= 2x the minimal page; 'floor': against the floor page); 'last message': when "
          f"the rerun's last message arrived")
    for name, figures in results.items():
        if not figures.times:
            print(f"  {_label(name):>26}: no figure ({figures.note or 'see below'})")
            _problems(figures)
            continue
        t, c = statistics.median(figures.times), statistics.median(figures.cpu)
        ratio, cpu_ratio = _ratios(t, results), _ratios(c, results, "cpu")
        last = f"{statistics.median(figures.messages) * 1000:4.0f} ms" if figures.messages else "none"
        print(f"  {_label(name):>26}: {t * 1000:5.0f} ms ({ratio}), browser CPU {c * 1000:4.0f} ms "
              f"({cpu_ratio}), last message at {last}, {len(figures.times)} steps, {figures.note}")
        _problems(figures)


def report_cold(results: dict[str, Figures], runs: int) -> None:
    print(f"2. cold open, navigation start to every chart drawn and the page still "
          f"(median of {runs} fresh servers; target <= 1.5x the minimal page; 'floor': against the floor page)")
    for name, figures in results.items():
        if not figures.times:
            print(f"  {_label(name):>26}: no figure")
        else:
            t = statistics.median(figures.times)
            ratio = _ratios(t, results)
            runs_ms = ", ".join(f"{x * 1000:.0f}" for x in figures.times)
            print(f"  {_label(name):>26}: {t * 1000:5.0f} ms ({ratio}), runs {runs_ms} ms")
        _problems(figures)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--steps", type=int, default=12)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=2, help="rounds of steps over every page, interleaved")
    parser.add_argument("--runs", type=int, default=3, help="cold opens per page, each on a fresh server")
    parser.add_argument("--pages", nargs="*", help="page paths (default: every page); '' is home")
    parser.add_argument("--planner-tabs", action="store_true", help="also step the planner's other tabs")
    parser.add_argument("--skip-steps", action="store_true")
    parser.add_argument("--skip-cold", action="store_true")
    args = parser.parse_args()
    pages = list(PAGES if args.pages is None else args.pages) + list(PLANNER_TABS if args.planner_tabs else ())
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            if not args.skip_steps:
                steps = run_steps(browser, [x for x in pages if x in SLIDER_PAGES or x not in PAGES],
                                  args.warmup, args.steps, args.rounds)
                report_steps(steps, args.steps * args.rounds)
            if not args.skip_cold:
                report_cold(run_cold(browser, pages, args.runs), args.runs)
        finally:
            browser.close()
    print(f"server logs: {OUT}/bench-browser-*.log")


if __name__ == "__main__":
    main()
