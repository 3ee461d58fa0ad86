"""jax-privacy 2.0.0's `auditing` module (google-deepmind/jax_privacy), the reference the audit
estimators of dpcore are checked against on the same draws.

Loaded from its file alone: the module imports numpy, scipy and dp-accounting only, while the
package's __init__ imports jax and all of jax-privacy (~6 s). The app never imports it."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import sys
from functools import cache
from types import ModuleType

VERSION = "2.0.0"  # requirements.txt: the version these tests were checked against


@cache
def auditing() -> ModuleType:
    dist = importlib.metadata.distribution("jax-privacy")
    assert dist.version == VERSION, f"jax-privacy {dist.version} installed, the tests were written for {VERSION}"
    path = str(dist.locate_file("jax_privacy/auditing.py"))
    spec = importlib.util.spec_from_file_location("jax_privacy_auditing", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module
