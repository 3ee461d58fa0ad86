"""Every DPError dpcore (or a view) raises can be said in Chinese: each code has English and Chinese templates,
the English template rebuilds the exact message from the error's params, and `ui.errors.message`
answers in the language of the run."""

from __future__ import annotations

import ast
import re
import string
from datetime import datetime, timezone
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from dpcore.errors import DPError
from ui.errors import message, template_key
from ui.i18n import language
from ui.text.errors import EN, TEXT

ROOT = Path(__file__).resolve().parents[2]
ZH = TEXT.table("zh")
_CJK = re.compile(r"[\u4e00-\u9fff]")


def _dpcore_calls() -> list[tuple[str, ast.Call]]:
    calls = []
    for path in sorted([*(ROOT / "dpcore").rglob("*.py"), *(ROOT / "ui").rglob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                calls.append((f"{path.relative_to(ROOT)}:{node.lineno}", node))
    return calls


def _literal_codes() -> dict[str, str]:
    """Every code dpcore names literally: DPError("code", ...), check_choice("code", ...), _checked("code", ...)."""
    codes = {}
    for where, call in _dpcore_calls():
        if call.func.id in ("DPError", "check_choice", "_checked") and call.args:
            first = call.args[0]
            if call.func.id == "DPError" and isinstance(call.args[1], ast.Subscript):
                continue  # a sentence taken from ui/text (TEXT[...]): already in the run's language
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                codes.setdefault(first.value, where)
    return codes


def _keys_of(code: str) -> list[str]:
    return [key for key in EN if key == code or key.startswith(f"{code}.")]


def _placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


@pytest.mark.slow
def test_every_code_dpcore_raises_has_an_english_and_a_chinese_template() -> None:
    codes = _literal_codes()
    assert len(codes) > 100
    missing = {code: where for code, where in codes.items() if not _keys_of(code)}
    assert not missing
    for code in codes:
        for key in _keys_of(code):
            assert _CJK.search(ZH[key]) or "error" in _placeholders(ZH[key]), key  # Chinese, or a wrapped check


@pytest.mark.slow
def test_every_raise_site_has_a_template_with_its_wording() -> None:
    """The English template of each site says what its f-string says (only the holes may differ)."""
    unmatched = []
    for where, call in _dpcore_calls():
        if call.func.id != "DPError" or len(call.args) < 2:
            continue
        text = call.args[1]
        if isinstance(text, ast.Constant):
            parts: list[str | None] = [text.value]
        elif isinstance(text, ast.JoinedStr):
            parts = [v.value if isinstance(v, ast.Constant) else None for v in text.values]
        else:
            continue  # str(error), a caller's sentence: checked by the raised samples below
        pattern = re.compile("".join(".*" if p is None else re.escape(p) for p in parts), re.S)
        code = call.args[0].value if isinstance(call.args[0], ast.Constant) else None
        keys = _keys_of(code) if code is not None else list(EN)
        marked = {key: "".join(lit + ("\x00" if field is not None else "")
                               for lit, field, _, _ in string.Formatter().parse(EN[key])) for key in keys}
        if not any(pattern.fullmatch(m) for m in marked.values()):
            unmatched.append(where)
    assert not unmatched


def test_the_chinese_templates_use_the_english_placeholders() -> None:
    assert list(ZH) == list(EN)
    for key, sentence in EN.items():
        assert _placeholders(ZH[key]) == _placeholders(sentence), key


# ------------------------------------------------------------ real errors, raised by bad input

def _frame() -> pd.DataFrame:
    return pd.DataFrame({"name": ["Ann", "Bob", "Bob"], "age": [30, 40, 50], "city": ["A", "B", "B"]})


def _calls():
    from dpcore import (
        accounting,
        accuracy,
        attacks,
        counting,
        histogram,
        io,
        mechanisms,
        pricing,
        reconstruction,
        release,
        risk,
        statistics,
        validation,
    )
    from dpcore.ldp import oracles, poisoning, postprocess, rappor, sample_size, shuffle
    from dpcore.ldp import randomized_response as ldp
    from dpcore.ledger import Ledger
    from dpcore.posterior.bounds import check_prior
    from dpcore.posterior.pairs import CountPair
    from dpcore.protection import Protection

    t0 = datetime(2024, 1, 1, tzinfo=timezone.utc)
    rng = np.random.default_rng(0)
    lap = mechanisms.calibrate("laplace", 1.0)
    return [
        lambda: validation.check_epsilon("abc"),
        lambda: validation.check_epsilon(float("nan")),
        lambda: validation.check_epsilon(float("inf")),
        lambda: validation.check_epsilon(-1.0),
        lambda: validation.check_epsilon(-1.0, allow_zero=True),
        lambda: validation.check_delta(1.5),
        lambda: validation.check_delta(0.0, allow_zero=False),
        lambda: validation.check_positive("Sensitivity", -2),
        lambda: validation.check_probability("The prior", 2.0),
        lambda: validation.check_probability("The confidence level", 1.0, open_interval=True),
        lambda: validation.check_count("The number of trials", 2.5),
        lambda: validation.check_count("The number of trials", 0),
        lambda: validation.check_count("The number of rounds", 50_000, maximum=1000),
        lambda: validation.check_bounds("a", 1),
        lambda: validation.check_bounds(0, float("inf")),
        lambda: validation.check_bounds(5, 1),
        lambda: mechanisms.calibrate("wavelet", 1.0),
        lambda: accounting.total_epsilon([], 1e-5, "basic"),
        lambda: accounting.total_epsilon([(lap, 0)], 1e-5, "basic"),
        lambda: accounting.total_epsilon([(lap, 1)], 1e-5, "moments"),
        lambda: accounting.total_epsilon([(mechanisms.calibrate("gaussian", 1.0, 1e-5), 1)], 0.0, "advanced"),
        lambda: accounting.parallel_epsilon([]),
        lambda: accuracy.accuracy("laplace", 1.0, 1.0, alpha=2.0),
        lambda: accuracy.accuracy("laplace", 1.0, -1.0),
        lambda: accuracy.accuracy("gaussian", 1.0, 1.0, delta=0.0),
        lambda: Ledger(-1.0),
        lambda: Ledger(1.0, 1.0),
        lambda: Ledger(1.0).record("count", 2.0, 0.0, t0),
        lambda: Ledger.from_json("{}"),
        lambda: release.release_counts([1, 2.5], lap),
        lambda: release.release_counts([4, -1], lap),
        lambda: release.release_counts([3, float("nan")], lap),
        lambda: release.release_counts([], lap),
        lambda: release.release_counts([2.0**60], mechanisms.calibrate("discrete_laplace", 1.0)),
        lambda: risk.tradeoff_curve(1.0, 0.0, [0.1, 2.0]),
        lambda: risk.tradeoff_curve(1.0, 0.0, []),
        lambda: statistics.Quantile("x", 1.5, (1.0, 2.0)),
        lambda: statistics.Quantile("x", 0.5, (2.0, 1.0)),
        lambda: statistics.Mean("age", 0, 100).accuracy("laplace", 1.0, Protection()),
        lambda: statistics.Sum("age", 0, 1).sensitivity(Protection(), "swap"),
        lambda: Protection(rows_per_person=0),
        lambda: counting.check_frame_column(_frame(), "height"),
        lambda: counting.row_mask(_frame(), "age", "~", 3),
        lambda: counting.row_mask(_frame(), "age", "=", "old"),
        lambda: counting.row_mask(_frame(), "city", "<", "B"),
        lambda: counting.count_matching_all(_frame(), []),
        lambda: histogram.CategoryBins(()),
        lambda: histogram.NumericBins(5.0, 1.0, 3),
        lambda: ldp.check_truth_probability(1.0),
        lambda: ldp.check_truth_probability(0.4),
        lambda: ldp.rr_estimate(20, 10, 0.75),
        lambda: pricing.price_grid(-1.0, 10.0, 1.0),
        lambda: pricing.price_grid(5.0, 1.0, 1.0),
        lambda: pricing.price_grid(0.0, 10.0, 0.0),
        lambda: pricing.score_table([], []),
        lambda: pricing.score_table(["a", "a"], [1, 2]),
        lambda: pricing.buyer_table(["Ann"], [-3.0]),
        lambda: pricing.buyer_table(["Ann", None], [3.0, 4.0]),
        lambda: io.load_csv(b""),
        lambda: io.load_csv(b"\x89PNG\r\n\x1a\n" + b"x" * 50),
        lambda: io.load_csv(b"a,b\n"),
        lambda: io.load_csv(b"   \n \n"),
        lambda: check_prior(1.5),
        lambda: CountPair(3.0, 3.0),
        lambda: CountPair("x", 3.0),
        lambda: attacks.clopper_pearson(5, 3),
        lambda: attacks.prefix_differencing(_frame(), "city", "A", 9),
        lambda: oracles.estimate_frequencies([0, 1], 2, 1.0, "magic", rng),
        lambda: oracles.estimate_frequencies([0, 1], 2, 30.0, "olh", rng),
        lambda: oracles.estimate_frequencies([0, 5], 2, 1.0, "grr", rng),
        lambda: oracles.estimate_frequencies([0, 1], 1, 1.0, "grr", rng),
        lambda: poisoning.poisoning_gain([0, 1], 2, 1.0, "oue", 7, 3, rng),
        lambda: rappor.RapporParams(f=1.0),
        lambda: rappor.RapporParams(p=0.8, q=0.7),
        lambda: rappor.decode(np.zeros((2, 8)), np.zeros(2, int), [], rappor.RapporParams(k=8, m=1)),
        lambda: shuffle.shuffle_epsilon(1.0, 0, 1e-6),
        lambda: postprocess.postprocess([0.5, 0.5], "magic"),
        lambda: postprocess.postprocess([], "clip"),
        lambda: postprocess.mse([0.1, 0.2], [0.5]),
        lambda: sample_size.users_needed_central(1.0, 2.0),
        lambda: reconstruction.attack([0, 2], 5, 1.0, rng),
        lambda: reconstruction.attack([0, 1] * 101, 5, 1.0, rng),
        lambda: reconstruction.attack([0, 1], 5, -1.0, rng),
        lambda: reconstruction.reconstruct(np.ones((2, 2)), np.ones(2), "magic"),
        lambda: reconstruction.random_queries(5, 0, rng),
    ]


def _raised() -> list[DPError]:
    errors = []
    for call in _calls():
        try:
            call()
        except DPError as error:
            errors.append(error)
    return errors


@pytest.fixture(scope="module")
def raised() -> list[DPError]:
    return _raised()


def test_enough_different_codes_are_raised(raised: list[DPError]) -> None:
    assert len(raised) >= 55
    assert len({e.code for e in raised}) >= 25


def test_the_english_template_rebuilds_the_exact_message(raised: list[DPError]) -> None:
    for error in raised:
        key = template_key(error)
        assert key is not None, (error.code, str(error), error.params)
        assert EN[key].format(**error.params) == str(error)


def test_the_chinese_template_formats_with_the_same_params(raised: list[DPError]) -> None:
    for error in raised:
        sentence = ZH[template_key(error)].format(**error.params)  # no KeyError, no format error
        assert sentence


def test_message_answers_in_english_by_default_and_in_chinese_in_a_chinese_run(raised: list[DPError]) -> None:
    for error in raised:
        assert message(error) == str(error)
        with language("zh"):
            chinese = message(error)
        assert chinese != str(error) and _CJK.search(chinese), (error.code, chinese)
        assert message(error) == str(error)  # the block restored English


def test_wrapped_checks_and_named_quantities_are_translated_too() -> None:
    from dpcore.accuracy import accuracy
    from dpcore.ledger import Ledger
    from dpcore.validation import check_count

    with pytest.raises(DPError) as caught:
        check_count("The number of trials", 0)
    with language("zh"):
        assert message(caught.value) == "试验次数至少为 1，当前为 0。"
    with pytest.raises(DPError) as caught:
        Ledger(-1.0)
    with language("zh"):
        assert message(caught.value) == "隐私预算：ε 必须大于 0，当前为 -1。"
    with pytest.raises(DPError) as caught:
        accuracy("laplace", 1.0, 1.0, alpha=2.0)
    with language("zh"):
        assert message(caught.value) == "α（误差更大的概率）必须严格介于 0 和 1 之间，当前为 2。"


def test_plain_errors_and_drifted_sentences_stay_as_written() -> None:
    plain = ValueError("Something plain.")
    drifted = DPError("bounds_order", "A sentence nobody translated.", lower=1.0, upper=0.0)
    unknown = DPError("no_such_code", "Whatever.")
    with language("zh"):
        assert message(plain) == "Something plain."
        assert message(drifted) == "A sentence nobody translated."
        assert message(unknown) == "Whatever."


@pytest.mark.slow
def test_the_row_name_table_is_complete_for_every_term_param() -> None:
    """Every phrase dpcore passes as `what` to a check has a term, so it reads in Chinese."""
    checks = ("check_count", "check_positive", "check_probability")
    missing = set()
    for _, call in _dpcore_calls():
        if call.func.id in checks and call.args and isinstance(call.args[0], ast.Constant):
            if f"term.{call.args[0].value}" not in EN:
                missing.add(call.args[0].value)
    assert not missing
