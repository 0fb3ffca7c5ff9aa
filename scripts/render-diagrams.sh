#!/usr/bin/env bash
# Renders docs/images/runs/*.dot to PNG with Graphviz (Debian: apt-get install -y graphviz).
set -euo pipefail
cd "$(dirname "$0")/../docs/images/runs"
command -v dot >/dev/null || { echo "Graphviz's dot is missing: apt-get install -y graphviz" >&2; exit 1; }
for source in *.dot; do
  dot -Tpng -Gdpi=110 "$source" -o "${source%.dot}.png"
  echo "rendered docs/images/runs/${source%.dot}.png"
done
