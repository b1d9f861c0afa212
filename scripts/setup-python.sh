#!/usr/bin/env bash
# Creates one Python venv per target that ships a targets/<name>/requirements.txt,
# pinned, from PyPI with pip only. Benchmarks pin incompatible dependencies
# (agentdojo and bfcl-eval disagree on cohere), so they never share a venv:
# agentdojo keeps .venv/ (its historical path), every other target gets
# .venv-<name>/. `repair` is not a target: it is blindspot repair's LibCST
# rewriter (src/repair/python/requirements.txt, .venv-repair/). Idempotent: a
# venv that already holds exactly its pins returns at once.
# Usage: setup-python.sh [target...|repair] (default: every target, and repair).
set -euo pipefail
cd "$(dirname "$0")/.."
# An installed package ships its targets compiled under dist/ (no sources); the
# venvs stay at the package root, where blindspot looks for them.
CODE=.
[ -d targets ] || CODE=dist

PY="${PYTHON:-python3}"
"$PY" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)' || {
  echo "setup-python: the Python bridges need Python >= 3.10; set PYTHON=/path/to/python3.x" >&2
  exit 1
}

venv_of() { if [ "$1" = agentdojo ]; then echo .venv; else echo ".venv-$1"; fi; }
req_of() { if [ "$1" = repair ]; then echo "$CODE/src/repair/python/requirements.txt"; else echo "$CODE/targets/$1/requirements.txt"; fi; }

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for req in "$CODE"/targets/*/requirements.txt; do targets+=("$(basename "$(dirname "$req")")"); done
  targets+=(repair)
fi

for t in "${targets[@]}"; do
  REQ="$(req_of "$t")"
  [ -f "$REQ" ] || { echo "setup-python: $REQ does not exist" >&2; exit 1; }
  VENV="$(venv_of "$t")"
  STAMP="$VENV/.blindspot-requirements.sha256"
  # requirements-nodeps.txt: packages installed without their declared dependencies
  # (bfcl-eval declares torch and model SDKs its checker never imports: gigabytes)
  NODEPS="${REQ%requirements.txt}requirements-nodeps.txt"
  want="$(cat "$REQ" $( [ -f "$NODEPS" ] && echo "$NODEPS" ) | sha256sum | cut -d' ' -f1)"
  if [ -x "$VENV/bin/python" ] && [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$want" ]; then
    echo "setup-python: $VENV is up to date ($REQ)"
    continue
  fi
  [ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-input -r "$REQ"
  if [ -f "$NODEPS" ]; then "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-input --no-deps -r "$NODEPS"; fi
  # A target may ship a smoke import that fails loudly when the install is broken.
  if [ -f "$CODE/targets/$t/smoke.py" ]; then "$VENV/bin/python" "$CODE/targets/$t/smoke.py"; fi
  echo "$want" > "$STAMP"
  echo "setup-python: $VENV ready for $t"
done
