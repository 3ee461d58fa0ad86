#!/usr/bin/env bash
# Set up everything from nothing and run every test: unit, AppTest and real-browser (Chromium).
# Needs only Python 3.11, pip and apt. Extra arguments go to pytest (e.g. tests/unit -x).
# --quick: the inner loop, unit and view tests without the slow ones (no browser, Spark or apt).
set -euo pipefail
cd "$(dirname "$0")/.."
quick=0
if [ "${1:-}" = "--quick" ]; then quick=1; shift; fi
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
if [ "$quick" -eq 1 ]; then
  exec .venv/bin/python -m pytest tests/unit -m "not slow" -q "$@"
fi
# The distributed-release engine (PipelineDP on pyspark), tested in tests/engine; never the app's runtime.
.venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements-engine.txt
# Debian packages: the browser, Chinese glyphs for it (the interface speaks 中文 too), PostgreSQL.
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -d /usr/share/fonts/opentype/noto ] || missing+=(fonts-noto-cjk)
# PostgreSQL for the live poll's store tests (tests/postgres.py starts a throwaway server on 127.0.0.1).
[ -x /usr/lib/postgresql/15/bin/initdb ] || missing+=(postgresql)
# A Java runtime for Spark (tests/engine runs the generated job on Spark local[2]).
command -v java >/dev/null || missing+=(openjdk-17-jre-headless)
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  $sudo_cmd mkdir -p /usr/share/man/man1  # slim images lack it, and the JRE's install writes there
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# The poll store tests fail, rather than skip, when PostgreSQL is missing here.
export POLL_REQUIRE_POSTGRES=1
# The engine tests fail, rather than skip, when Spark cannot start; its workers use our Python.
export ENGINE_REQUIRE_SPARK=1
export PYSPARK_PYTHON="$PWD/.venv/bin/python"
exec .venv/bin/python -m pytest "$@"
