#!/usr/bin/env bash
# The e2e suite drives Debian's Chromium; install it when absent and we are allowed to (root).
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$browser" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium absent : installation du paquet Debian chromium…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium est introuvable ($browser). Installez le paquet 'chromium' ou définissez CHROMIUM_PATH." >&2
exit 1
