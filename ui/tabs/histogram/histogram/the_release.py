"""The histogram tab's release: the mechanism above the epsilon slider, the free post-processing,
and the release drawn with OpenDP on request (declared bins only), offered as a safe CSV."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pandas as pd
import streamlit as st

from dpcore.export import safe_csv_bytes
from dpcore.histogram import PostProcessing, post_process
from dpcore.mechanisms import GaussianMethod, NoiseKind, calibrate
from dpcore.neighbours import Sensitivity
from dpcore.release import release_histogram
from ui import fmt
from ui.datasets import Dataset
from ui.page import show_error
from ui.tabs.histogram.histogram.what_to_count import DataChoice
from ui.text.common import TEXT as COMMON
from ui.text.histogram import TEXT
from ui.widgets import delta_select, gaussian_method_select, mechanism_select

_RELEASE = "_hist_release"


@dataclass(frozen=True)
class ReleaseChoice:
    """The mechanism chosen above the release (epsilon is the chart's own slider) and its sensitivity."""

    kind: NoiseKind
    delta: float
    method: GaussianMethod
    sensitivity: float



@dataclass(frozen=True, eq=False)
class KeptRelease:
    """The last release the button drew (its table and mechanism) or why it was refused, with the
    dataset and the counted data it was drawn on: shown only while they are the page's."""

    dataset: str
    data: DataChoice
    table: pd.DataFrame | None = None
    kind: NoiseKind | None = None
    refused: ValueError | None = None



def release_choice(sensitivity: Sensitivity | None) -> ReleaseChoice:
    """The mechanism (and for a Gaussian its delta and calibration), drawn above the epsilon slider."""
    kind = mechanism_select("hist_mech")
    delta: float = 0.0
    method: GaussianMethod = "analytic"
    if kind == "gaussian":
        c1, c2 = st.columns(2)
        delta, method = delta_select("hist_delta", container=c1), gaussian_method_select("hist_gmethod", c2)
    return ReleaseChoice(kind, delta, method, 1.0 if sensitivity is None else sensitivity.for_noise(kind))



def post_processing_controls() -> PostProcessing:
    """Clamp, round, normalise: each changes the numbers shown, none costs privacy (the note says why)."""
    st.markdown(f"**{TEXT['post_title']}**")
    post = PostProcessing(
        clamp_at_zero=st.checkbox(TEXT["clamp"], key="hist_clamp", bind="query-params"),
        round_to_integers=st.checkbox(TEXT["round"], key="hist_round", bind="query-params"),
        normalise=st.checkbox(TEXT["normalise"], key="hist_norm", bind="query-params"),
    )
    st.caption(TEXT["post_note"])
    return post



def release_panel(dataset: Dataset, data: DataChoice, settings: ReleaseChoice, post: PostProcessing,
                  epsilon: Callable[[], float]) -> None:
    """Draw a release of D's histogram with OpenDP on request, and offer it as a safe CSV.

    Only declared bins are released (dpcore.release.release_histogram); a list read from the data
    gets a sentence saying why not and how to declare it, and no button. A Gaussian release always
    uses the analytic calibration. The click reads `epsilon()` (the chart's slider, taking a step
    reported with the click), and the release shown says which epsilon it spent.
    A refusal is kept like a release and shown as an error box, so the other choices stay."""
    st.subheader(TEXT["release_title"])
    st.caption(TEXT["release_note"])
    if not data.domain.declared:
        st.warning(TEXT["release_undeclared"], icon=":material/block:")
        return

    def draw() -> None:
        try:
            mechanism = calibrate(settings.kind, epsilon(), settings.delta,
                                  settings.sensitivity, "analytic")
            release = release_histogram(dataset.table.frame, data.column, data.domain, mechanism, data.weight)
        except ValueError as exc:
            st.session_state[_RELEASE] = KeptRelease(dataset.ident, data, refused=exc)
            return
        released = post_process(release.values, post)
        # rounded to what the noise justifies (in shares, the noise's share of the total)
        noise = mechanism.scale / max(1.0, abs(float(np.sum(release.values)))) if post.normalise else mechanism.scale
        st.session_state[_RELEASE] = KeptRelease(dataset.ident, data, pd.DataFrame(
            {"bin": list(release.labels), "released": fmt.justified(released, noise),
             "mechanism": mechanism.calibration, "epsilon": mechanism.epsilon, "delta": mechanism.delta}
        ), mechanism.kind)

    st.button(TEXT["release_button"], key="hist_release", on_click=draw)
    if settings.kind == "gaussian" and settings.method != "analytic":
        st.caption(TEXT["release_analytic"])
    kept: KeptRelease | None = st.session_state.get(_RELEASE)
    if kept is None or (kept.dataset, kept.data) != (dataset.ident, data):  # only a release of these very bins and data
        return
    table = kept.table
    if kept.refused is not None:
        show_error(kept.refused)
    elif table is not None:
        st.success(" ".join((
            TEXT["release_drawn"].format(kind=COMMON[f"mechanism_{kept.kind}"], epsilon=table["epsilon"].iloc[0]),
            TEXT[f"release_bins_{data.domain.source}"],
        )))
        st.dataframe(table, hide_index=True, key="hist_release_table")
        st.download_button(
            TEXT["release_download"], data=safe_csv_bytes(table), file_name="dp_histogram_release.csv",
            mime="text/csv", key="hist_release_download",
        )

