"""Start DP Explorer and warm it up: `python -m ui.serve [streamlit options]`.

Streamlit imports a page's modules on the first visit after a server start, so the first visitor
(a class opening the app at once) waits for pandas, pyarrow and the app's own modules (~0.4 s),
and on the Audit page for scipy.stats (~0.5 s: its cold open went from 2.38x to 1.93x the minimal
page). `warm_up` pays that, with Streamlit's own first-run steps, the default views and a first MST
fit (JAX's compiling; ~20 s in all), in a thread of its own while the server already accepts
visitors: one who arrives early waits only for what their page needs (an import under way, a shared
view being computed, `ui.memo`). Only Streamlit and the libraries others look up in `sys.modules`
(`FIRST`) are imported before the server starts: plotly, imported by Streamlit, read a pandas still
half-imported by the warm-up's thread and the server died. The rest is `streamlit run app.py` with the given options.
"""

from __future__ import annotations

import importlib
import logging
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIBRARIES = ("pandas", "pyarrow", "numpy", "altair", "scipy.special", "scipy.stats")
FIRST = ("pandas", "numpy", "pyarrow")  # imported before any other thread runs (module docstring)
# What Streamlit logs when the warm-up, done before its runtime exists, makes a cached function and
# calls it: "No runtime found, using MemoryCacheStorageManager" (the cache is kept in memory, as the
# runtime's own default keeps it) and "missing ScriptRunContext" (an `st` call outside a script
# run). Both are harmless here and would worry whoever starts the app, so they are silenced during
# the warm-up only.
TRAINED = "the Machine learning page's default models trained"  # the log's line once they are
WARM_UP_LOGGERS = ("streamlit.runtime.caching.cache_data_api",
                   "streamlit.runtime.scriptrunner_utils.script_run_context")


def app_modules() -> list[str]:
    """ui.page and every tab and view module (what the pages import), found on disk so a new
    page's modules are preloaded too."""
    found = sorted(
        ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1] if path.name == "__init__.py" else
                 path.relative_to(ROOT).with_suffix("").parts)
        for folder in ("ui/tabs", "ui/views")
        for path in (ROOT / folder).rglob("*.py")
        if path.name != "__init__.py" or path.stat().st_size  # a tab that is a package
    )
    return ["ui.page", *found]


def warm_up(learning: bool = True) -> None:
    """Pay every first-visit cost that does not depend on the visitor: import the libraries and the
    app's modules, compute the views a first visit opens on that depend on nothing of a session
    (the Audit's default audit, Local DP's default oracles on a bundled table, the averaging
    attack's exact chances, the course's DP-SGD accounting), start training the Machine learning
    page's default models in its own background worker (`learning`: ~1 min with jax's compiling; not
    waited for), and two of Streamlit's own lazy steps that the first script run of a
    server otherwise takes (measured 2026-11-27 with py-spy on a cold open: ~100 ms for
    `set_page_config`'s emoji check, which compiles a regular expression of every emoji, and ~85 ms
    for the first element's `is_repl` check, which walks `inspect.stack()` over every loaded module)."""
    started = time.monotonic()
    with _quiet(WARM_UP_LOGGERS):
        _warm_up(learning)
    print(f"DP Explorer: warmed up in {time.monotonic() - started:.1f} s", flush=True)  # noqa: T201 - for whoever started it
    if learning:  # the models train on: say when (a benchmark waits for it, as a class should)
        from ui.tabs.learning.common import JOBS

        JOBS.idle()
        print(f"DP Explorer: {TRAINED} in {time.monotonic() - started:.1f} s", flush=True)  # noqa: T201


@contextmanager
def _quiet(names: tuple[str, ...]) -> Iterator[None]:
    """Only errors from the loggers `names` while inside (a filter: Streamlit sets a logger's level
    when its module is first imported, which may happen inside)."""
    loggers = [logging.getLogger(name) for name in names]
    for logger in loggers:
        logger.addFilter(_errors)
    try:
        yield
    finally:
        for logger in loggers:
            logger.removeFilter(_errors)


def _errors(record: logging.LogRecord) -> bool:
    return record.levelno >= logging.ERROR


def _warm_up(learning: bool) -> None:
    for name in (*LIBRARIES, *app_modules()):
        importlib.import_module(name)
    from dpcore.limits import DEFAULT_SEED
    from ui.tabs.attacks import averaging as attacks
    from ui.tabs.audit import mechanism as audit
    from ui.tabs.local_dp import oracles as local_dp
    from ui.tabs.synthetic import mst as synthetic

    audit.warm(DEFAULT_SEED)  # the Audit's default audit, shared by every session (~0.3 s a language)
    local_dp.warm(DEFAULT_SEED)  # Local DP's default oracles at every ε (~0.3 s a language)
    attacks.warm()  # the averaging attack's exact chances at every ε and k of its charts (~1.5 s)
    synthetic.warm(DEFAULT_SEED)  # MST's first fit compiles JAX's kernels (~11 s): never a class's wait
    if learning:
        _warm_learning(DEFAULT_SEED)
    from streamlit import env_util, string_util

    string_util.is_emoji("🔐")
    env_util.is_repl()


def _warm_learning(seed: int) -> None:
    """The Machine learning page's first visit: jax, dp-accounting and riskcal imported here (not
    first in its worker while a page imports), the default grid and then the other model's compiled
    steps queued in its background worker (pinned: kept for everyone), the course's accounting."""
    for name in ("jax.numpy", "dp_accounting", "dp_accounting.pld.privacy_loss_distribution", "riskcal"):
        importlib.import_module(name)
    from ui.tabs.learning import account as learning_account
    from ui.tabs.learning import common as learning
    from ui.tabs.learning import train as learning_train

    learning.warm(seed)  # the default grid (~40 s in the background), shared by every session
    learning_train.warm(seed)  # then every ε's frame of its chart, in every language
    learning.warm_shapes(seed)  # then the logistic regression's compiled steps
    learning_account.warm()  # the course's check by RDP and PLD (~6 s)


def for_a_class(args: list[str], network: str | None) -> tuple[list[str], str]:
    """`--class [PORT]` (first): listen on every network interface at PORT (8501), and the lines that
    tell the teacher the address phones open. Returns Streamlit's options and those lines."""
    rest = args[1:]
    port = rest.pop(0) if rest and rest[0].isdigit() else "8501"
    options = ["--server.address", "0.0.0.0", "--server.port", port, *rest]
    if network is None:
        return options, (f"DP Explorer listens on port {port} of every network interface, but this machine has no "
                         "network address: connect it to the classroom's network, or give students its public name.")
    base = f"http://{network}:{port}"
    return options, (f"DP Explorer for a class: open {base}/ on the projector; students join the live poll at "
                     f"{base}/Live_poll (phones on the same network).")


def main() -> None:
    """`streamlit run app.py [options]`, `warm_up` in a thread of its own; `--main PATH` runs another
    main script of ours the same way (bench/floor_app.py, the floor of a page); `--class [PORT]`
    listens on the network and prints the link (`for_a_class`)."""
    sys.path.insert(0, str(ROOT))
    args = sys.argv[1:]
    script = ROOT / "app.py"
    if args[:1] == ["--main"]:
        script, args = Path(args[1]), args[2:]
    if args[:1] == ["--class"]:
        from ui.classroom.hosting import network_ip

        args, lines = for_a_class(args, network_ip())
        print(lines, flush=True)  # noqa: T201 - for the teacher who started it
    for name in FIRST:
        importlib.import_module(name)
    from streamlit.web.cli import main as streamlit

    app = script == ROOT / "app.py"  # another main script (a floor page) trains no models
    threading.Thread(target=warm_up, args=(app,), name="warm-up", daemon=True).start()

    sys.argv = ["streamlit", "run", str(script), *args]
    streamlit()


if __name__ == "__main__":
    main()
