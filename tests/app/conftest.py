"""AppTest helpers: run one page script headless, optionally with URL query parameters."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pytest
from sqlalchemy import Engine
from streamlit.testing.v1 import AppTest

from dpcore.limits import EPSILON_GRID
from ui.charts.stepped import STEP

ROOT = Path(__file__).resolve().parents[2]


def run_page(page_file: str, query: dict[str, str | list[str]] | None = None) -> AppTest:
    """Open `page_file` (relative to the repo root, e.g. "pages/1_Attacks.py") as a visitor would:
    through the app's entry point, so page links resolve, with optional URL query parameters."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    if page_file != "app.py":
        at.switch_page(page_file)
    if query:
        at.query_params.update(query)
    return at.run()


def assert_clean(at: AppTest) -> None:
    """No exception and no error box: the page rendered as a user would want."""
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def page_errors(at: AppTest) -> list[str]:
    """The page's error boxes, after checking that no exception escaped."""
    assert not at.exception, [e.value for e in at.exception]
    return [e.value for e in at.error]


def page_text(at: AppTest) -> str:
    """All markdown, captions and readings of the page's own sliders, one block of text to search."""
    data = [json.loads(c.proto.json) for c in at.get("bidi_component")]  # type: ignore[attr-defined]
    shown = [blocks_text(d["steps"][d["start"]] if "steps" in d else d["blocks"]) for d in data
             if isinstance(d, dict) and ("steps" in d or "blocks" in d)]
    return "\n".join([m.value for m in at.markdown] + [c.value for c in at.caption] + shown)


def markdown_tables(at: AppTest) -> list[pd.DataFrame]:
    """Every table the page draws as markdown (`ui.fmt.frame_table`), one DataFrame of strings each:
    its cells as a reader sees them (unescaped)."""
    tables = []
    for block in (m.value for m in at.markdown):
        for table in re.findall(r"(?:^\|.*(?:\n|$))+", block, flags=re.MULTILINE):  # each run of "|" lines
            rows = table.strip().splitlines()
            cells = [[_unescape(c.strip()) for c in re.split(r"(?<!\\)\|", row)[1:-1]] for row in rows]
            tables.append(pd.DataFrame(cells[2:], columns=cells[0]))
    return tables


def _unescape(cell: str) -> str:
    """A markdown cell as a reader sees it: backslash escapes removed."""
    return re.sub(r"\\(.)", r"\1", cell)


def vega_specs(at: AppTest) -> list[dict]:
    """Every Vega-Lite chart on the page, in page order: its spec, with each named dataset
    (sent apart from the spec, as Arrow) decoded back into spec["datasets"] as a DataFrame. A chart
    that steps itself (ui/charts/stepped.py) is given as the frame it opens on (`shown_frame`)."""
    specs = []
    for chart in at.get("vega_lite_chart"):
        spec = json.loads(chart.proto.spec)  # type: ignore[attr-defined]
        spec["datasets"] = {
            d.name: pa.ipc.open_stream(d.data.data).read_all().to_pandas()
            for d in chart.proto.datasets  # type: ignore[attr-defined]
        }
        specs.append(shown_frame(spec))
    return specs


def shown_frame(spec: dict) -> dict:
    """What the browser draws of a chart that steps itself, on opening: the rows of the frame its
    slider starts on, and each expression over the frames' values replaced by that frame's value.
    Also `spec["frames"]`: how many frames it holds. Any other chart is returned as it is."""
    params = {p["name"]: p for p in spec.get("params", [])}
    if STEP not in params:
        return spec
    start = params[STEP]["value"]

    def resolve(value: object) -> object:
        if isinstance(value, dict) and set(value) == {"expr"} and value["expr"].endswith(f"[{STEP}]"):
            return params[value["expr"].split("[")[0]]["value"][start]
        if isinstance(value, dict):
            return {k: resolve(v) for k, v in value.items()}
        if isinstance(value, list):
            return [resolve(v) for v in value]
        return value

    shown = resolve({k: v for k, v in spec.items() if k not in ("datasets", "params")})
    datasets = {name: (frame.loc[frame[STEP] == start].drop(columns=STEP).reset_index(drop=True)
                       if STEP in frame.columns else frame) for name, frame in spec["datasets"].items()}
    return {**shown, "datasets": datasets, "frames": params[STEP]["bind"]["max"] + 1}


def step(at: AppTest, key: str, value: float, options: tuple[float, ...] = EPSILON_GRID) -> AppTest:
    """Move the chart's own slider `key` to `value` as the browser reports it (ui/chart_slider.py:
    its invisible follower sends the new position, with a new stamp, a moment after the step)."""
    at.session_state[f"{key}_follow"] = {"step": {"index": options.index(value), "now": False, "at": _stamp()}}
    return at.run()


def _stamp() -> float:
    """A new report's stamp, as the browser's follower gives it (ui/components/stepper/follow.js)."""
    global _STAMPS
    _STAMPS += 1
    return float(_STAMPS)


_STAMPS = 0


def reading(at: AppTest, key: str, name: str = "") -> str:
    """The sentences a chart's slider `key` shows on opening (ui/components/stepper), one block a
    line (a table's or metrics' rows as cells joined by " | ")."""
    data = component_data(at, f"{key}_reading{'_' + name if name else ''}")
    return blocks_text(data["steps"][data["start"]])


def component_data(at: AppTest, key: str) -> dict:
    """The data the page gave the custom component (st.components.v2) of key `key`."""
    found = [c for c in at.get("bidi_component") if c.proto.id.endswith(f"-{key}")]  # type: ignore[attr-defined]
    assert len(found) == 1, [c.proto.id for c in at.get("bidi_component")]  # type: ignore[attr-defined]
    return json.loads(found[0].proto.json)  # type: ignore[attr-defined]


def blocks_text(blocks: list) -> str:
    """Blocks of text (ui/reading.py) as a reader sees them: one a line, a table's or metrics' rows
    as cells joined by " | "."""
    lines = []
    for kind, content in blocks:
        lines += [" | ".join(row) for row in content] if kind in ("table", "metrics") else [content]
    return "\n".join(lines)


def layout(spec: dict) -> dict:
    """A chart's spec without its numbers: each dataset replaced by its name. Equal layouts
    before and after a slider moves mean the browser only swaps data into drawn charts."""
    return {**spec, "datasets": sorted(spec["datasets"])}


def bars(chart: dict, series: int) -> list[float]:
    """The values of one series (0 for D, 1 for D') in a paired-bars chart, in bin order."""
    frame: pd.DataFrame = chart["datasets"]["bars"]
    name = frame["series"].unique()[series]
    return frame.loc[frame["series"] == name, "value"].tolist()


def chart_titled(at: AppTest, title: str) -> dict:
    """The one chart whose title starts with `title` (a title may be a list of lines), as
    `vega_specs` decodes it: charts are found by what a reader sees, not by position."""
    def first_line(spec: dict) -> str:
        text = spec["title"]["text"]
        return text[0] if isinstance(text, list) else text

    found = [spec for spec in vega_specs(at) if first_line(spec).startswith(title)]
    assert len(found) == 1, [first_line(spec) for spec in vega_specs(at)]
    return found[0]


_ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")  # a CommonMark backslash escape of ASCII punctuation
_INLINE_LINK = re.compile(r"(?<!\\)\[(?:[^\]\\]|\\.)*(?<!\\)\]\(")  # [text]( or ![text](
_ANGLE_LINK = re.compile(r"(?<!\\)<(?:[A-Za-z][A-Za-z0-9+.\-]{1,31}:[^\s<>]*|[^\s<>@]+@[^\s<>]+)>")
# remark-gfm's literal autolinks (mdast-util-gfm-autolink-literal, as Streamlit's bundle holds them),
# looked for in the text after escapes are resolved, as remark does; the e-mail one without its
# look-behind, so this finds at least what remark finds
_GFM_URL = re.compile(r"(https?://|www(?=\.))([-.\w]+)([^ \t\r\n]*)", re.IGNORECASE | re.ASCII)
_GFM_EMAIL = re.compile(r"([-.\w+]+)@([-\w]+(?:\.[-\w]+)+)", re.ASCII)


def live_links(markdown: str) -> list[str]:
    """What Streamlit's markdown (react-markdown with remark-gfm) would turn into a link in
    `markdown`: link syntax, <autolinks>, and bare addresses remark-gfm links by itself."""
    text = _ESCAPED.sub(r"\1", markdown)
    return [m.group(0) for m in (*_INLINE_LINK.finditer(markdown), *_ANGLE_LINK.finditer(markdown),
                                 *_GFM_URL.finditer(text), *_GFM_EMAIL.finditer(text))]


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Engine]:
    """A live poll store of the test's own (a SQLite file under DATABASE_URL), its engine."""
    from ui.classroom import store

    url = f"sqlite:///{tmp_path / 'polls.sqlite'}"
    monkeypatch.setenv("DATABASE_URL", url)
    eng = store.make_engine(url)
    yield eng
    eng.dispose()
