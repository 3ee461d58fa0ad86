"""A throwaway PostgreSQL server for tests and benchmarks, from Debian's `postgresql` package
(scripts/test.sh installs it): initdb in a temporary folder, pg_ctl start on 127.0.0.1 and a free
port, stopped and removed at the end. PostgreSQL refuses to run as root, so as root it runs as the
`postgres` user (`runuser`).

Tests: `from tests.postgres import postgres_url` makes the session fixture available; they skip when
the package is missing, or fail if POLL_REQUIRE_POSTGRES=1 (scripts/test.sh sets it).
Benchmarks: `with throwaway_postgres() as url: ...`.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

BIN = Path(os.environ.get("PG_BIN", "/usr/lib/postgresql/15/bin"))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _as_owner(command: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


def available() -> bool:
    return (BIN / "initdb").exists()


@contextmanager
def throwaway_postgres(port: int | None = None) -> Iterator[str]:
    """Start a fresh server with an empty database "polls"; yield its postgresql+psycopg:// URL."""
    folder = Path(tempfile.mkdtemp(prefix="dpx-pg-"))
    data = folder / "data"
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    port = port or _free_port()
    log = folder / "server.log"
    subprocess.run(_as_owner([str(BIN / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust",
                              "--no-sync", "-E", "UTF8"]), check=True, capture_output=True)
    # fsync off: a test database need not survive a power cut, and the tests run faster
    options = f"-h 127.0.0.1 -p {port} -k {folder} -c fsync=off -c max_connections=200"
    subprocess.run(_as_owner([str(BIN / "pg_ctl"), "-D", str(data), "-l", str(log), "-o", options, "-w", "start"]),
                   check=True, capture_output=True)
    try:
        subprocess.run(_as_owner([str(BIN / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "postgres",
                                  "polls"]), check=True, capture_output=True)
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/polls"
    finally:
        subprocess.run(_as_owner([str(BIN / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"]),
                       capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """postgresql+psycopg://... of a fresh server with an empty database "polls"."""
    if not available():
        if os.environ.get("POLL_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"PostgreSQL is not installed ({BIN}/initdb missing): apt-get install postgresql")
        pytest.skip(f"PostgreSQL is not installed ({BIN}/initdb missing)")
    with throwaway_postgres() as url:
        yield url
