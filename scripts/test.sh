#!/usr/bin/env bash
# Set up everything from nothing and run every test: unit, AppTest and real-browser (Chromium).
# Needs only Python 3.11, pip and apt. Extra arguments go to pytest (e.g. tests/unit -x).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
if ! [ -x /usr/bin/chromium ]; then
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium >/dev/null
fi
exec .venv/bin/python -m pytest "$@"
