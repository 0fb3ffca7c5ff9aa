#!/usr/bin/env bash
# Installs Schemathesis 4.32.5 (PyPI), every dependency pinned by constraints.txt, once per machine: the virtualenv
# lives in the user's cache, keyed by the version and the constraints, and .venv/schemathesis links to it (a fresh
# clone finds it at once). Idempotent; `npm test` runs it before the tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
VERSION=4.32.5
LINK=$PWD/.venv/schemathesis
KEY=$(sha256sum scripts/schemathesis/constraints.txt | cut -c1-12)
CACHE=${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/pipeline-api-kit
VENV=$CACHE/schemathesis-$VERSION-$KEY
has_version() { "$1/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('schemathesis') != '$VERSION')" 2>/dev/null; }
link() {
  mkdir -p "$(dirname "$LINK")"
  if [ -L "$LINK" ] || [ -e "$LINK" ]; then rm -rf "$LINK"; fi
  ln -s "$VENV" "$LINK"
}

if has_version "$LINK" && [ "$(readlink -f "$LINK")" = "$(readlink -f "$VENV" 2>/dev/null || true)" ]; then exit 0; fi
if has_version "$VENV"; then
  link
  exit 0
fi
# Two clones installing at once: a lock lets one build it (a virtualenv is built where it stays: it records its
# path); the other waits, then finds it.
mkdir -p "$CACHE"
LOG=$(mktemp /tmp/ensure-schemathesis.XXXXXX)
echo "ensure-schemathesis: installing schemathesis $VERSION into $VENV (once per machine)..."
LOCK=$CACHE/schemathesis.lock
exec 9> "$LOCK"
flock 9
if ! has_version "$VENV"; then
  rm -rf "$VENV"
  if ! { python3 -m venv "$VENV" && "$VENV/bin/pip" install --quiet --disable-pip-version-check \
    "schemathesis==$VERSION" -c scripts/schemathesis/constraints.txt; } > "$LOG" 2>&1; then
    tail -20 "$LOG" >&2
    rm -rf "$VENV"
    echo "ensure-schemathesis: failed (needs python3 with venv, and PyPI); log: $LOG" >&2
    exit 1
  fi
fi
flock -u 9
rm -f "$LOG"
link
"$LINK/bin/st" --version
