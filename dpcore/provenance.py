"""What a release report says about the software that made it: Python's and each library's version."""

from __future__ import annotations

import platform
from collections.abc import Sequence
from importlib import metadata


def package_versions(packages: Sequence[str]) -> dict[str, str | None]:
    """{"python": "3.11.7", package: its installed version, or None when it is not installed}."""
    versions: dict[str, str | None] = {"python": platform.python_version()}
    for package in packages:
        try:
            versions[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            versions[package] = None
    return versions
