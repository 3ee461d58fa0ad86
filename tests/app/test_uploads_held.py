"""What the server holds of uploads: an upload can never change what another visitor sees (results
kept for every session are keyed by its content, not by the file id the browser chooses in its upload
request), one too large once read is refused, and one freed while idle is asked for again."""

from __future__ import annotations

import json
from collections import OrderedDict

import pytest

from dpcore.catalog import DEFAULT_DATASET
from tests.app.conftest import assert_clean, run_page, vega_specs
from ui import memo
from ui.text.common import TEXT
from ui.upload_store import STORE

PAGE = "pages/8_Local_DP.py"
POISON = b"age_bucket,patients\nPOISONED-A,500\nPOISONED-B,500\nPOISONED-C,500\n"


def _shown(at) -> str:  # noqa: ANN001
    """Every chart's spec and data as one text."""
    return json.dumps(vega_specs(at), default=lambda frame: frame.to_json())


def _upload_under_id(at, file_id: str, name: str, data: bytes):  # noqa: ANN001, ANN202
    """Upload as a hostile browser does: the request names the file id (AppTest draws a random one)."""
    uploader = at.sidebar.file_uploader[0].set_value((name, data, "text/csv"))
    uploader._files = [(file_id, name, data, "text/csv")]
    return at.run()


def test_an_upload_under_a_bundled_datasets_id_changes_nothing_for_other_visitors(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memo, "_SHARED", OrderedDict())  # the attacker is the first to open the page
    attacker = run_page(PAGE, {"data": "upload"})
    _upload_under_id(attacker, DEFAULT_DATASET, "medicaldata.csv", POISON)
    assert_clean(attacker)
    assert "POISONED-A" in _shown(attacker)  # the attacker sees their own upload

    visitor = run_page(PAGE)  # a later visitor of the bundled dataset, same server
    assert_clean(visitor)
    shown = _shown(visitor)
    assert "POISONED" not in shown
    assert "20-30" in shown  # the bundled dataset's own categories


def test_an_upload_too_large_once_read_is_refused_and_the_page_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(STORE, "per_upload", 1_000)  # bytes: this small table takes more once read
    at = run_page(PAGE, {"data": "upload"})
    at.sidebar.file_uploader[0].set_value(("big.csv", b"a\n" + b"some text\n" * 500, "text/csv")).run()
    assert not at.exception
    assert any("more than one upload may hold" in e.value for e in at.sidebar.error)
    assert "20-30" in _shown(at)  # the default dataset is shown meanwhile


def test_an_upload_freed_while_idle_is_asked_for_again(monkeypatch: pytest.MonkeyPatch) -> None:
    at = run_page(PAGE, {"data": "upload"})
    at.sidebar.file_uploader[0].set_value(("mine.csv", POISON, "text/csv")).run()
    assert "POISONED-A" in _shown(at)
    monkeypatch.setattr(STORE, "idle_s", 0.0)
    STORE.free_idle()  # what the collector thread does once the upload is unused long enough
    at.run()
    assert not at.exception
    assert any(TEXT["upload_freed"].format(minutes=30) in e.value for e in at.sidebar.error)
    assert "POISONED-A" not in _shown(at)
