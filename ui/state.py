"""Choice widgets bound to the URL by stable option ids, not by their (translatable) labels.

Streamlit's own `bind="query-params"` writes an option's *formatted label* into the URL, so a link
made in one interface language would not reopen in another, and labels make long URLs. Numbers
(epsilon, bounds) keep Streamlit's binding (the sidebar's seed, which must survive a page switch, is
kept by `ui.page`); choices among named options use `url_choice`,
which stores `str(option)` under the widget's key.

The address is the user's text: `guard_address` (run by `start_page` before any widget binds) drops
a bound number or switch whose value its widget cannot take (`?seed=inf` made Streamlit's binding
raise), `url_choice` an unknown option and `bound_select_slider` an unknown label, each with a short
notice.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from dpcore.limits import (
    MAX_ATTACKERS,
    MAX_BINS,
    MAX_DPSGD_CLIPPING,
    MAX_DPSGD_EPOCHS,
    MAX_DPSGD_LEARNING_RATE,
    MAX_DPSGD_NOISE,
    MAX_DPSGD_ROWS,
    MAX_GAME_ROUNDS,
    MAX_LDP_DOMAIN,
    MAX_LEARNING_ROWS,
    MAX_NUMBER_TEXT,
    MAX_REPEATED_QUERIES,
    MAX_RESPONDENTS,
    MAX_SELECTION_DRAWS,
    MAX_SYNTHETIC_PAGE_ROWS,
    MIN_DPSGD_NOISE,
    MIN_LEARNING_BATCH,
    MIN_LEARNING_ROWS,
)
from ui.safe import md_escape
from ui.text.common import TEXT

T = TypeVar("T")


def url_choice(
    widget: Callable[..., Any],
    label: str,
    options: Sequence[T],
    key: str,
    default: T | None = None,
    *,
    notice: bool = True,
    **kwargs: Any,
) -> T:
    """Render `widget` (st.selectbox, st.radio or their container versions) bound to ?key=<id>.

    The first run of a session takes the value from the URL when it names a valid option (another
    value falls back to the default with a notice, unless the caller says so itself: `notice`);
    every run writes the value back (and removes it when it equals the default, to keep links short).
    """
    by_id = {str(o): o for o in options}
    fallback = default if default in options else options[0]
    if key not in st.session_state or st.session_state[key] not in options:
        from_url = st.query_params.get(key)
        st.session_state[key] = by_id.get(from_url, fallback) if from_url is not None else fallback
        if from_url is not None and from_url not in by_id and notice:
            address_notice([key])
    value = widget(label, options, key=key, **kwargs)
    if value == fallback:
        if key in st.query_params:
            del st.query_params[key]
    else:
        st.query_params[key] = str(value)
    return value


Tabs = dict[str, tuple[str, Callable[..., None]]]  # a page's parts: stable id -> (label, the tab's function)


def url_tabs(key: str, tabs: Tabs, *args: Any) -> str:
    """The page's parts as one row of buttons (a segmented control) whose chosen part is in the URL as
    ?key=<part id> (not its translated label), so a link to "2. Averaging" opens that part. Only the
    chosen part runs: its function is called with `args`. Returns the chosen part's id.

    Not `st.tabs`: a fragment inside a tab costs the browser 12-15 ms more on every slider step
    (LEARNED.md), and only one part ever has content anyway. `tabs` maps stable ids to (label,
    function), in display order.
    """
    open_id = url_choice(st.segmented_control, TEXT["parts"], list(tabs), key, format_func=lambda part: tabs[part][0],
                         required=True, label_visibility="collapsed", width="stretch")
    tabs[open_id][1](*args)
    return open_id


def forget(key: str) -> None:
    """Drop what this session remembers of a URL-bound choice or tab (`url_choice`, `url_tabs`, or a
    widget bound to the address, and its copy kept across pages), so the next run of its page reads
    the address again."""
    st.session_state.pop(key, None)
    st.session_state.pop(_kept(key), None)


def _kept(key: str) -> str:
    return f"_{key}_across_pages"


def across_pages(key: str) -> Callable[[], None]:
    """For a sidebar widget whose value must survive a page switch, called before it is drawn: set its
    state from the session's copy (on a page switch the browser sends the value the widget last
    drew, the default for one that came with a link and was never touched, and it was taken).
    Not for a widget bound with `bind="query-params"`: its address cannot be written back. Returns
    the widget's `on_change`, which takes a reader's change into the copy; `keep_across_pages`
    records the value drawn."""
    if _kept(key) in st.session_state:
        st.session_state[key] = st.session_state[_kept(key)]
    return lambda: keep_across_pages(key, st.session_state[key])


def keep_across_pages(key: str, value: Any) -> None:
    """The session's copy of a sidebar widget's value (see `across_pages`)."""
    st.session_state[_kept(key)] = value


@dataclass(frozen=True)
class Bound:
    """What a widget bound with Streamlit's `bind="query-params"` can take from the address: a
    whole number, a number or a switch, and the range its widget declares (a range that follows
    the data is left to Streamlit, which resets such a value to the default on its own)."""

    kind: Literal["int", "float", "bool"]
    low: float = -math.inf
    high: float = math.inf

    def accepts(self, text: str) -> bool:
        """Whether the widget can take `text` ("" is a cleared value, which Streamlit handles)."""
        if text == "":
            return True
        if self.kind == "bool":
            return text.lower() in ("true", "false")
        if len(text) > MAX_NUMBER_TEXT:
            return False
        try:
            value = float(text)
        except ValueError:
            return False
        whole = self.kind == "float" or value.is_integer()
        return math.isfinite(value) and whole and self.low <= value <= self.high


_TAG = "[0-9a-f]{6}"  # the histogram's per-column keys (ui/tabs/histogram/histogram/what_to_count._tag)

# Every parameter bound by Streamlit to a number or a switch, by its key (a regular expression for
# the per-column keys); tests/unit/test_address.py checks it against every bind="query-params" call.
BOUND: dict[str, Bound] = {
    "data_report": Bound("bool"),
    "att_flip": Bound("bool"),
    "att_prior": Bound("float", 0.01, 0.99),
    "att_num": Bound("float"),
    "att_k": Bound("int", 1, MAX_REPEATED_QUERIES),
    "att_attackers": Bound("int", 100, MAX_ATTACKERS),
    "att_table_trials": Bound("int", 1000, MAX_ATTACKERS),
    "att_def_k": Bound("int", 1, MAX_REPEATED_QUERIES),
    "att_anim": Bound("bool"),
    f"hist_lo_{_TAG}": Bound("float"),
    f"hist_hi_{_TAG}": Bound("float"),
    f"hist_bins_{_TAG}": Bound("int", 1, MAX_BINS),
    "hist_row": Bound("int", 0),
    f"hist_new_{_TAG}": Bound("float"),
    "hist_clamp": Bound("bool"),
    "hist_round": Bound("bool"),
    "hist_norm": Bound("bool"),
    "hist_numbers": Bound("bool"),
    "hist_hops": Bound("bool"),
    "zoo_thr": Bound("float"),
    "post_prior": Bound("float", 0.0, 1.0),
    "post_o": Bound("float"),
    "post_rounds": Bound("int", 1, MAX_GAME_ROUNDS),
    "exp_sens": Bound("float", 0.0),
    "exp_draws": Bound("int", 1, MAX_SELECTION_DRAWS),
    "exp_pmin": Bound("float", 0.0),
    "exp_pmax": Bound("float", 0.0),
    "exp_pstep": Bound("float", 0.0),
    "rr_p": Bound("float", 0.0, 1.0),
    "rr_n": Bound("int", 1, MAX_RESPONDENTS),
    "plan_m": Bound("int", 1, 10_000),
    "plan_prior": Bound("float", 0.01, 0.99),
    "plan_budget_eps": Bound("float", 0.001, 1000.0),
    "plan_sampled": Bound("bool"),
    "plan_rate": Bound("float", 0.0001, 1.0),
    "ldp_h": Bound("int", 1, 4),
    "ldp_f": Bound("float", 0.05, 0.95),
    "ldp_d": Bound("int", 2, MAX_LDP_DOMAIN),
    "syn_rows": Bound("int", 1, MAX_SYNTHETIC_PAGE_ROWS),
    "ml_rows": Bound("int", MIN_LEARNING_ROWS, MAX_LEARNING_ROWS),
    "ml_batch": Bound("int", MIN_LEARNING_BATCH, MAX_LEARNING_ROWS),
    "ml_epochs": Bound("int", 1, MAX_DPSGD_EPOCHS),
    "ml_clip": Bound("float", 0.01, MAX_DPSGD_CLIPPING),
    "ml_lr": Bound("float", 0.01, MAX_DPSGD_LEARNING_RATE),
    "ml_acc_n": Bound("int", 1, MAX_DPSGD_ROWS),
    "ml_acc_batch": Bound("int", 1, MAX_DPSGD_ROWS),
    "ml_acc_sigma": Bound("float", MIN_DPSGD_NOISE, MAX_DPSGD_NOISE),
    "ml_acc_epochs": Bound("int", 1, MAX_DPSGD_EPOCHS),
}
_PATTERNS = [(re.compile(key), bound) for key, bound in BOUND.items()]


def bound_of(key: str) -> Bound | None:
    """The Bound of an address parameter, or None when no number or switch is bound to it."""
    return next((bound for pattern, bound in _PATTERNS if pattern.fullmatch(key)), None)


def unusable(query: Mapping[str, Sequence[str]]) -> list[str]:
    """The parameters of `query` (key -> its values) bound to a number or a switch that cannot
    take one of their values."""
    return [key for key, values in query.items()
            if (bound := bound_of(key)) is not None and not all(bound.accepts(v) for v in values)]


def guard_address() -> None:
    """Drop from the address every bound number or switch its widget cannot take, with one notice,
    before any widget binds: Streamlit's binding raised on some (`?seed=inf`: OverflowError) and
    silently reset others, so a bad link fell over or changed a view without a word."""
    dropped = unusable({key: st.query_params.get_all(key) for key in st.query_params})
    if dropped:
        _drop(dropped)


def _drop(keys: Sequence[str]) -> None:
    """Remove `keys` from the address, and from the copy widgets seed from, with one notice."""
    for key in keys:
        del st.query_params[key]
    address_changed()
    address_notice(keys)


def address_changed() -> None:
    """After the run changed the address, before any widget binds: widgets seed from the address as
    the run found it, so that copy follows too."""
    ctx = get_script_run_ctx()
    if ctx is not None:
        with ctx.session_state.query_params() as params:
            params.set_initial_query_params_from_current()


def bound_select_slider(where: Any, label: str, options: Sequence[T], *, value: T, key: str,
                        format_func: Callable[[T], Any] = str, **kwargs: Any) -> T:
    """A select slider bound to the address under `key`. A value in the address that is none of its
    options' labels is dropped with the notice first: Streamlit would reset it without a word."""
    given = st.query_params.get_all(key)
    if given and not set(given) <= {str(format_func(option)) for option in options}:
        _drop([key])
    return where.select_slider(label, options=options, value=value, format_func=format_func, key=key,
                               bind="query-params", **kwargs)


def address_notice(keys: Sequence[str]) -> None:
    """Say that these settings of the address were not usable and are back at their defaults."""
    names = ", ".join(md_escape(key[:40]) for key in keys)
    st.toast(TEXT["address_reset"].format(names=names), icon=":material/link_off:")
