"""What every page does first (config, shared sidebar) and how it shows figures and errors."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar
from urllib.parse import urlencode

import numpy as np
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from dpcore.limits import DEFAULT_SEED, MAX_UPLOAD_MB, SEED_MAX
from dpcore.rng import make_rng
from ui import fmt
from ui.charts import slides
from ui.components.toolbar_words import translate
from ui.datasets import UPLOAD, Dataset, dataset_picker
from ui.feedback import show_error  # pages and controls import it from here too
from ui.i18n import current
from ui.language import install, language_switch
from ui.memo import session_memo
from ui.navigation import sidebar_menu
from ui.presentation import lesson_bar, my_lesson, on_screen, presentation_switch, presenting
from ui.reading import Rows
from ui.safe import md_escape
from ui.state import Bound, across_pages, address_notice, guard_address, keep_across_pages
from ui.text.common import EN, TEXT
from ui.views.animation import AnimationView

SEED = Bound("int", 0, SEED_MAX)

# Our own constant CSS (never user text): Streamlit's 6rem top padding and 2.75rem page titles
# would push every chart down by 100-150 px at 1280x720, and a title of four lines on a phone; a
# narrow table column would break a Chinese word such as 拉普拉斯 anywhere (cells break at spaces).
_STYLE = (
    "<style>[data-testid=stMainBlockContainer]{padding-top:2.5rem}"
    "[data-testid=stMarkdownContainer] :is(td,th){word-break:keep-all}"
    # a wide table (a book's table on a phone) scrolls in its own box, not the whole page
    "[data-testid=stMarkdownContainer] table{display:block;overflow-x:auto;max-width:100%}"
    "[data-testid=stMainBlockContainer] h1{font-size:2.25rem}"
    "@media (max-width:640px){[data-testid=stMainBlockContainer] h1{font-size:1.7rem}}"
    # a chart's own slider (ui/chart_slider.py): right above the chart it moves, wide and easy to
    # grab; as Streamlit's sliders, its name and value above it, its range's ends under it (written by
    # ui/components/stepper/follow.js: the number Vega writes beside it is the frame's index, hidden);
    # a follower chart shows none
    ".vega-embed:has(.vega-bindings){display:flex;flex-direction:column}.vega-embed .vega-bindings{order:-1;margin-bottom:1rem!important}"
    ".vega-bind label{display:flex;flex-wrap:wrap;align-items:baseline;column-gap:.5rem;max-width:34rem;"
    "font-size:1.1rem}"
    ".vega-bind :is(.vega-bind-name,.dpx-value){font-size:1rem;min-width:0}"
    ".vega-bind .dpx-value{order:1;font-weight:600}"
    ".vega-bind input[type=range]{order:2;flex:1 0 100%;min-width:10rem;height:1.5rem;margin:.25rem 0 0 0;"
    "accent-color:#ff4b4b}"
    ".vega-bind :is(.dpx-min,.dpx-max){order:3;font-size:.875rem;color:#3d3d3d}.vega-bind .dpx-max{margin-left:auto}"
    ".vega-bind input[type=range]+span{display:none}[class*=_follower_] .vega-bindings{display:none!important}"
    # a chart whose parameters the page's own inputs write to (st-key-bound_*) shows none of Vega's
    "[class*=st-key-bound_] .vega-bindings{display:none!important}"
    # a chart's toolbar keeps "Download as PNG" (a teacher's slide) and fullscreen (a projector);
    # "Show data" (a grid of every frame's raw rows, internal columns too) and "Copy Vega-Lite spec"
    # (a developer's tool) are gone, their English names with them
    "[data-testid=stElementToolbarButton]:has(:is([aria-label='Show data'],[aria-label='Copy Vega-Lite spec']))"
    "{display:none}</style>"
)
TOOLBAR_WORDS = ("toolbar_fullscreen", "toolbar_close_fullscreen", "toolbar_png", "toolbar_csv", "toolbar_search")
# Streamlit 1.67 has no translation of a file uploader's words: they are written over in the page's
# language (the original text is sized to nothing and ours is drawn after it)
_DROPZONE = "[data-testid=stFileUploaderDropzone]"
_UPLOADER = (
    "<style>{zone} button [data-testid=stMarkdownContainer] p,[data-testid=stFileUploaderDropzoneInstructions] span,"
    "{zone}>div:not([data-testid]) *{{font-size:0}}"
    "{zone} button [data-testid=stMarkdownContainer] p::after{{content:'{button}';font-size:1rem}}"
    "[data-testid=stFileUploaderDropzoneInstructions] span::after{{content:'{limit}';font-size:.875rem}}"
    "{zone}>div:not([data-testid])>*::after{{content:'{drop}';font-size:1rem}}</style>"
)


def _uploader_style() -> str:
    """The file uploaders' own words in the session's language (our constant sentences, no quotes)."""
    words = {key: TEXT[f"uploader_{key}"].format(mb=MAX_UPLOAD_MB).replace("'", "’")
             for key in ("button", "limit", "drop")}
    return _UPLOADER.format(zone=_DROPZONE, **words)
_LINK = "_share_link"  # the link made by the last click of the link button, shown once
ROOT = Path(__file__).resolve().parents[1]
S = TypeVar("S")  # a view's settings
V = TypeVar("V")  # a view
install()  # every TEXT lookup answers in the session's language


@dataclass(frozen=True)
class PageContext:
    """What the shared sidebar decided: the dataset in use and the seed."""

    dataset: Dataset
    seed: int

    def rng(self, stream: str) -> np.random.Generator:
        """An independent, reproducible Generator for one purpose on this page."""
        return make_rng(self.seed, stream)


def start_page(title: str, icon: str = "🔐", page: str = "app.py") -> PageContext:
    """Configure the page and render the shared sidebar (dataset, seed, lesson). Call first on every
    page, with `page=__file__` (a lesson step records which page it shows)."""
    present = presenting()
    st.set_page_config(page_title=f"{title} · {TEXT['app_title']}", page_icon=icon, layout="wide",
                       initial_sidebar_state="collapsed" if present else "auto")
    st.html(_STYLE + _uploader_style())
    language_switch()
    if current() != "en":  # Streamlit's own words on the charts' toolbars, in the page's language
        translate({EN[key]: TEXT[key] for key in TOOLBAR_WORDS})
    guard_address()  # before any widget binds: a bad value in the address must not reach one
    menu = st.sidebar.container()  # filled once the settings its links carry are known
    dataset = dataset_picker()
    seed = _seed()
    sidebar_menu(menu, {key: st.query_params[key] for key in ("data", "seed") if key in st.query_params})
    frame = dataset.table.frame
    st.sidebar.caption(
        TEXT["sidebar_in_use"].format(name=md_escape(dataset.name), rows=len(frame), cols=frame.shape[1])
    )
    share_link(dataset)
    presentation_switch()
    my_lesson(title, _relative(page))
    if present:
        lesson_bar()
    st.title(title)
    if st.session_state.get("data") == UPLOAD and dataset.key != UPLOAD:
        st.info(TEXT["upload_missing"].format(name=md_escape(dataset.name)), icon=":material/upload_file:")
    return PageContext(dataset, seed)


def _seed() -> int:
    """The sidebar's seed, in the address as ?seed= and kept across pages. Not Streamlit's binding:
    a page switch drops a bound widget's parameter and the widget falls back to its default, and its
    address cannot be written back. A link's seed is taken on a session's first run (a bad one is
    dropped with a notice); a seed typed or carried stays when the menu opens another page."""
    keep = across_pages("seed")
    if "seed" not in st.session_state:
        asked = st.query_params.get("seed")
        usable = asked is not None and asked != "" and SEED.accepts(asked)
        st.session_state["seed"] = int(float(asked)) if usable and asked is not None else DEFAULT_SEED
        if asked is not None and not usable:
            address_notice(["seed"])
    seed = int(st.sidebar.number_input(TEXT["sidebar_seed"], min_value=0, max_value=SEED_MAX, step=1, key="seed",
                                       help=TEXT["sidebar_seed_help"], on_change=keep))
    keep_across_pages("seed", seed)
    if seed == DEFAULT_SEED:
        st.query_params.pop("seed", None)
    else:
        st.query_params["seed"] = str(seed)
    return seed


def _relative(page: str) -> str:
    """A page file as the app names it: "pages/1_Attacks.py", "app.py"."""
    path = Path(page).resolve()
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name


def _make_link() -> None:
    """on_click of the link button: the address of the view as it is now (every widget has written
    its value into the query parameters by the time a click arrives, fragments' ones included)."""
    base = st.context.url.split("?", 1)[0]
    query = urlencode([(k, v) for k in st.query_params for v in st.query_params.get_all(k)])
    st.session_state[_LINK] = f"{base}?{query}" if query else base


def share_link(dataset: Dataset) -> None:
    """A button that shows this view's link ready to copy, and says when an upload is not in it."""
    st.sidebar.caption(TEXT["sidebar_share"])
    st.sidebar.button(TEXT["share_button"], icon=":material/link:", key="share_link", on_click=_make_link)
    link = st.session_state.pop(_LINK, None)
    if link is not None:
        st.sidebar.caption(TEXT["share_ready"])
        st.sidebar.code(link, language=None, wrap_lines=True)
        if dataset.key == UPLOAD:
            st.sidebar.warning(TEXT["share_upload"])


def show_figure(spec: dict, key: str) -> None:
    """Draw a Vega-Lite chart from ui.charts full width (its data in named datasets), in a container
    keyed `<key>_figure` (a chart element carries no key class a lesson's stage could name). In
    presentation mode, in larger type (`on_screen`), and offered as PNG and SVG at slide size
    (rendered only when asked for)."""
    with st.container(key=f"{key}_figure"):
        st.vega_lite_chart(spec=on_screen(spec), key=key, width="stretch")
    slide_menu(spec, key)


def slide_menu(spec: dict, key: str) -> None:
    """In presentation mode, a menu that saves `spec` as PNG and SVG at slide size (its element key:
    `{key}_slides`, which a lesson step's stage shows beside its chart)."""
    if presenting():
        title = spec["title"]["text"]
        save = st.popover(TEXT["slide_save"].format(title=slides.one_line(title)),
                          icon=":material/slideshow:", key=f"{key}_slides")
        save.download_button(TEXT["slide_png"], lambda: slides.png(spec), f"{key}.png", "image/png",
                             key=f"{key}_png", on_click="ignore")
        save.download_button(TEXT["slide_svg"], lambda: slides.svg(spec), f"{key}.svg", "image/svg+xml",
                             key=f"{key}_svg", on_click="ignore")


def show_figures(*figures: tuple[dict, str], widths: list[int] | None = None, gap: str = "large") -> None:
    """Charts side by side, one (spec, key) per column (equal widths unless `widths` says), each
    drawn as `show_figure` does: two charts a reader compares sit next to each other."""
    for column, (spec, key) in zip(st.columns(widths or len(figures), gap=gap), figures):
        with column:
            show_figure(spec, key)


@st.fragment
def show_animation(label: str, key: str, current: Callable[[], float], settings_at: Callable[[float], S],
                   compute: Callable[[S], AnimationView]) -> None:
    """An animation the browser plays (ui/views/animation.py), in an expander closed by default and
    kept in the address as ?key=true: built only while open, once per settings in this session, in
    a fragment so that opening it reruns nothing else. Its settings are `settings_at(epsilon)` at
    the chart slider's value (`current`) when it was opened or its button last pressed. A step of
    the chart's slider leaves it alone, since rebuilding and redrawing it would cost each step
    ~0.6 s (bench.bench_animation); its caption names its epsilon."""
    box = st.expander(label, key=key, on_change="rerun", bind="query-params", icon=":material/play_circle:")
    pinned = f"{key}_epsilon"
    if not box.open:
        st.session_state.pop(pinned, None)
        return
    if pinned not in st.session_state:
        st.session_state[pinned] = current()
    box.button(TEXT["animation_refresh"].format(eps=fmt.number(st.session_state[pinned])), key=f"{key}_refresh",
               icon=":material/refresh:",
               on_click=lambda: st.session_state.update({pinned: current()}))
    settings = settings_at(st.session_state[pinned])
    view = session_memo(key, settings, lambda: compute(settings))
    box.plotly_chart(view.figure, key=f"{key}_figure", theme=None, width="stretch")
    box.caption(view.caption)


def show_metrics(items: tuple[tuple[str, str], ...], where: DeltaGenerator | None = None) -> None:
    """A row of big numbers, one (label, value) per column: what a view's `metrics` holds."""
    for column, (label, value) in zip((where or st).columns(len(items)), items):
        column.metric(label, value)


def show_rows(rows: Rows) -> None:
    """A view's table (`ui.reading.Rows`, its header first) as a plain table: cells are text."""
    header, *body = rows
    st.table({column: [row[i] for row in body] for i, column in enumerate(header)})


def computed(compute: Callable[[S], V], settings: S, where: DeltaGenerator | None = None) -> V | None:
    """`compute(settings)`, or None after showing its ValueError as an error box (in `where`):
    the one way a page turns a view that cannot be computed into a message, never a traceback."""
    try:
        return compute(settings)
    except ValueError as exc:
        show_error(exc, where)
        return None
