#!/usr/bin/env bash
# Installs Schemathesis 4.32.5 (PyPI) into .venv/schemathesis, every dependency pinned by constraints.txt.
# Idempotent: returns at once when that version is there. `npm test` runs it before the tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
VENV=$PWD/.venv/schemathesis
VERSION=4.32.5
if "$VENV/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('schemathesis') != '$VERSION')" 2>/dev/null; then
  exit 0
fi
LOG=$(mktemp /tmp/ensure-schemathesis.XXXXXX)
echo "ensure-schemathesis: installing schemathesis $VERSION into $VENV (once)..."
if ! { python3 -m venv "$VENV" && "$VENV/bin/pip" install --quiet --disable-pip-version-check \
  "schemathesis==$VERSION" -c scripts/schemathesis/constraints.txt; } > "$LOG" 2>&1; then
  tail -20 "$LOG" >&2
  echo "ensure-schemathesis: failed (needs python3 with venv, and PyPI); log: $LOG" >&2
  exit 1
fi
rm -f "$LOG"
"$VENV/bin/st" --version
