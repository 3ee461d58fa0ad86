#!/usr/bin/env bash
# Install the runtime dependencies into .venv (once) and start DP Explorer on the bundled data.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
exec .venv/bin/python -m ui.serve "$@"  # streamlit run app.py, with the app's modules imported first
