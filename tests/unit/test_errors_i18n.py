"""Every DPError sentence exists once: `dpcore.messages.MESSAGES` holds the English template of each
key (code or `code.variant`), a raise site names its key and params but never a sentence, the
Chinese table has the same keys and placeholders, and `ui.errors.message` answers in the language
of the run."""

from __future__ import annotations

import ast
import pickle
import re
import string
from datetime import datetime, timezone
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from dpcore.errors import DPError
from dpcore.messages import MESSAGES
from ui.errors import message
from ui.i18n import language
from ui.text.errors import EN, TEXT

ROOT = Path(__file__).resolve().parents[2]
ZH = TEXT.table("zh")
_CJK = re.compile(r"[\u4e00-\u9fff]")
_SOURCES = sorted([*(ROOT / "dpcore").rglob("*.py"), *(ROOT / "ui").rglob("*.py")])


def _dpcore_calls() -> list[tuple[str, ast.Call]]:
    calls = []
    for path in _SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                calls.append((f"{path.relative_to(ROOT)}:{node.lineno}", node))
    return calls


def _raise_sites() -> list[tuple[str, ast.Call]]:
    return [(where, call) for where, call in _dpcore_calls() if call.func.id == "DPError"]


def _keys_of(node: ast.expr) -> list[str] | None:
    """The keys a key argument can be: a literal, or `"a" if ... else "b"`; None for a name."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, orelse = _keys_of(node.body), _keys_of(node.orelse)
        return None if body is None or orelse is None else body + orelse
    return None


def _literal_keys() -> dict[str, str]:
    """Every key dpcore and the views name literally: DPError("key", ...), check_choice("key", ...),
    _checked("key", ...)."""
    keys = {}
    for where, call in _dpcore_calls():
        if call.func.id in ("DPError", "check_choice", "_checked") and call.args:
            for key in _keys_of(call.args[0]) or ():
                keys.setdefault(key, where)
    return keys


def _placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


@pytest.mark.slow
def test_every_key_a_raise_site_names_has_an_english_and_a_chinese_template() -> None:
    keys = _literal_keys()
    assert len(keys) > 200
    assert not {key: where for key, where in keys.items() if key not in MESSAGES}
    for key in keys:
        assert _CJK.search(ZH[key]) or "error" in _placeholders(ZH[key]), key  # Chinese, or a wrapped check


@pytest.mark.slow
def test_no_raise_site_passes_its_own_sentence() -> None:
    """DPError takes one positional argument, a key (a literal, a choice of literals, or a name
    holding one), and the keywords of a literal key fill every placeholder of its template."""
    sentences, unfilled = [], []
    for where, call in _raise_sites():
        if len(call.args) != 1 or not isinstance(call.args[0], (ast.Constant, ast.IfExp, ast.Name)):
            sentences.append(where)
            continue
        keys = _keys_of(call.args[0])
        if isinstance(call.args[0], ast.IfExp) and keys is None:
            sentences.append(where)
            continue
        given = {k.arg for k in call.keywords}
        for key in keys or ():
            if None not in given and {f.split(".")[0].split("[")[0] for f in _placeholders(MESSAGES[key])} - given:
                unfilled.append(where)
    assert len(_raise_sites()) > 250
    assert not sentences
    assert not unfilled


@pytest.mark.slow
def test_every_template_is_named_by_some_raise_site() -> None:
    """No sentence is kept for an error nobody raises: each key appears as a literal in dpcore/ or ui/."""
    literals = set()
    for path in _SOURCES:
        if path != ROOT / "dpcore" / "messages.py":
            literals |= {node.value for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                         if isinstance(node, ast.Constant) and isinstance(node.value, str)}
    assert not [key for key in MESSAGES if key not in literals]


def test_the_chinese_templates_use_the_english_placeholders() -> None:
    assert set(ZH) == set(EN)
    assert all(EN[key] == MESSAGES[key] for key in MESSAGES)  # the English table is dpcore's, not a copy
    for key, sentence in EN.items():
        assert _placeholders(ZH[key]) == _placeholders(sentence), key


def test_a_dp_error_is_its_template_filled_with_its_params() -> None:
    error = DPError("bounds_order", lower=5.0, upper=1.0)
    assert str(error) == "The lower bound (5) must be below the upper bound (1)."
    assert (error.code, error.key, error.params) == ("bounds_order", "bounds_order", {"lower": 5.0, "upper": 1.0})
    variant = DPError("epsilon_range.above_zero", epsilon=-1.0)
    assert (variant.code, variant.key, str(variant)) == (
        "epsilon_range", "epsilon_range.above_zero", "Epsilon must be greater than zero, got -1.")
    copy = pickle.loads(pickle.dumps(variant))
    assert (type(copy), copy.key, copy.params, str(copy)) == (DPError, variant.key, variant.params, str(variant))
    with pytest.raises(KeyError):
        DPError("no_such_key")


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
        assert error.key == error.code or error.key.startswith(f"{error.code}."), error.key
        assert EN[error.key].format(**error.params) == str(error)


def test_the_chinese_template_formats_with_the_same_params(raised: list[DPError]) -> None:
    for error in raised:
        sentence = ZH[error.key].format(**error.params)  # no KeyError, no format error
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


def test_plain_errors_and_untranslated_keys_stay_as_written() -> None:
    plain = ValueError("Something plain.")
    untranslated = DPError("bounds_order", lower=1.0, upper=0.0)
    untranslated.key = "bounds_order.not_in_any_table"
    with language("zh"):
        assert message(plain) == "Something plain."
        assert message(untranslated) == "The lower bound (1) must be below the upper bound (0)."


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
