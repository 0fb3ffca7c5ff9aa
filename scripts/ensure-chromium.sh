#!/usr/bin/env bash
# Browser tests drive Debian's Chromium with playwright-core (no browser downloads at install time).
# Installs it from Debian's packages when missing; needs root (as on CI) or an existing /usr/bin/chromium.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-chromium: /usr/bin/chromium is missing; install it with: sudo apt-get install -y chromium" >&2
  exit 1
fi
echo "ensure-chromium: installing Debian's chromium package (once per machine)..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium fonts-liberation > /tmp/ensure-chromium.log 2>&1 || {
  tail -20 /tmp/ensure-chromium.log >&2
  exit 1
}
/usr/bin/chromium --version
