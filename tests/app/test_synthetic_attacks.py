"""AppTest for the Synthetic data page's attacks tab (pages/9_Synthetic_data.py, ?syn_tab=attacks) in
both languages. MST's fit is replaced by a fast stand-in (independent columns drawn from the training
half's shares), so these tests check the tab, not OpenDP: the e2e test fits MST for real."""

from __future__ import annotations

import numpy as np
import pytest

from tests.app.conftest import assert_clean, chart_titled, markdown_tables, page_text, run_page
from ui.i18n import language
from ui.text.synthetic import TEXT
from ui.views.synthetic import attacks, mst

PAGE = "pages/9_Synthetic_data.py"
PENGUINS = {"syn_tab": "attacks", "data": "penguins"}


@pytest.fixture(autouse=True)
def fast_fit(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """MST replaced by independent columns drawn from the training half (what each fit was asked)."""
    asked: list[float] = []

    def fit_training(fitted, split, epsilon, progress=None):  # type: ignore[no-untyped-def]
        asked.append(epsilon)
        rng = np.random.default_rng(int(epsilon * 10))
        if progress is not None:
            progress(0.5, "fit_model")
        return np.column_stack([rng.choice(split.training[:, j], size=fitted.rows) for j in range(len(split.sizes))])

    monkeypatch.setattr(attacks, "fit_training", fit_training)
    return asked


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_attacks_run_on_request_and_show_the_risk_against_epsilon(lang: str, fast_fit: list[float]) -> None:
    with language(lang):
        at = run_page(PAGE, {**PENGUINS, "lang": lang})
        assert_clean(at)
        assert TEXT["att_hint"] in page_text(at)  # nothing runs before the button
        assert not fast_fit
        at.button(key="syn_att_run").click().run(timeout=120)
        assert_clean(at)
        assert sorted(fast_fit) == sorted(attacks.EPSILONS)  # one fit per ε, none for the rows themselves
        chart = chart_titled(at, TEXT["att_chart_title"].split("\n")[0])
        data = chart["datasets"]["risks"]
        assert set(data["table"]) == {attacks.label(attacks.table_id(e)) for e in attacks.EPSILONS} | \
            {TEXT["att_copy_label"]}
        chart_titled(at, TEXT["att_closest_title"].split("\n")[0])
        text = page_text(at)
        assert TEXT["att_bound_note"][:30] in text
        details = next(t for t in markdown_tables(at) if TEXT["att_col_bound"] in t.columns)
        assert list(details[TEXT["att_col_attack"]]) == [TEXT[k] for k in (
            "att_singling_out_one", "att_singling_out", "att_linkability", "att_inference")]
        assert "**ε = 10**" in text  # the largest ε is shown in detail
        assert not [b for b in at.button if b.key == "syn_att_run"]  # nothing left to run
        at.selectbox(key="syn_att_shown").set_value(attacks.COPY).run()  # no new fit: the kept attacks
        assert_clean(at)
        assert f"**{TEXT['att_copy_label']}**" in page_text(at)
        assert at.query_params["syn_att_shown"] == attacks.COPY
        assert len(fast_fit) == len(attacks.EPSILONS)


def test_another_secret_attacks_the_kept_fits_again(fast_fit: list[float]) -> None:
    at = run_page(PAGE, PENGUINS)
    at.button(key="syn_att_run").click().run(timeout=120)
    assert_clean(at)
    at.selectbox(key="syn_att_secret").set_value("island").run()
    assert_clean(at)
    assert at.query_params["syn_att_secret"] == "island"
    assert TEXT["att_hint"] in page_text(at)  # not attacked yet for this secret
    at.button(key="syn_att_run").click().run(timeout=120)
    assert_clean(at)
    assert len(fast_fit) == len(attacks.EPSILONS)  # the fits were kept
    assert "secret column **island**" in page_text(at)


def test_a_link_reopens_the_secret_and_the_table_shown(fast_fit: list[float]) -> None:
    at = run_page(PAGE, {**PENGUINS, "syn_att_secret": "sex", "syn_att_shown": "1"})
    assert_clean(at)
    assert at.selectbox(key="syn_att_secret").value == "sex"
    at.button(key="syn_att_run").click().run(timeout=120)
    assert_clean(at)
    assert "**ε = 1**, secret column **sex**" in page_text(at)


def test_too_few_rows_and_no_declared_columns_say_why() -> None:
    at = run_page(PAGE, {"syn_tab": "attacks", "data": "cancer"})
    assert not at.exception
    assert any(TEXT["no_domains"][:40] in i.value for i in at.info)
    at = run_page(PAGE, {**PENGUINS})
    assert at.multiselect(key="syn_att_cols").value == list(mst.declared("penguins"))  # every declared column
    at.multiselect(key="syn_att_cols").set_value(["species"]).run()
    assert not at.exception
    assert any(TEXT["att_two_columns"] in i.value for i in at.info)
