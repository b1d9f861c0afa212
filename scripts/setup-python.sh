#!/usr/bin/env bash
# Creates .venv/ with the Python packages of the AgentDojo bridge, pinned in
# targets/agentdojo/requirements.txt, from PyPI with pip only. Idempotent: when
# the venv already holds exactly these pins it returns at once.
set -euo pipefail
cd "$(dirname "$0")/.."

REQ=targets/agentdojo/requirements.txt
VENV=.venv
STAMP="$VENV/.blindspot-requirements.sha256"
PY="${PYTHON:-python3}"
want="$(sha256sum "$REQ" | cut -d' ' -f1)"

if [ -x "$VENV/bin/python" ] && [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$want" ]; then
  echo "setup-python: $VENV is up to date ($REQ)"
  exit 0
fi

"$PY" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)' || {
  echo "setup-python: AgentDojo needs Python >= 3.10; set PYTHON=/path/to/python3.x" >&2
  exit 1
}
[ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-input -r "$REQ"
"$VENV/bin/python" -c 'import agentdojo.task_suite.load_suites' # fails loudly if the install is broken
echo "$want" > "$STAMP"
echo "setup-python: $VENV ready ($("$VENV/bin/python" -m pip --disable-pip-version-check show agentdojo | grep ^Version))"
