#!/usr/bin/env bash
# Install what the browser and report tests need from Debian, when missing:
# chromium (Playwright drives /usr/bin/chromium; its own download is not
# available at the rink or in CI), poppler-utils (pdftoppm turns the game
# report PDF into PNG pages) and the DejaVu fonts (every PDF the app makes
# embeds DejaVu Sans Condensed: rinkside/reports/fonts.py). With --fonts,
# only the fonts (`make run`: the server makes PDFs). Needs root, or sudo.
set -euo pipefail

need=()
if [ "${1:-}" != "--fonts" ]; then
  command -v chromium >/dev/null 2>&1 || need+=(chromium)
  command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
fi
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf ] || need+=(fonts-dejavu-extra)
[ ${#need[@]} -eq 0 ] && exit 0

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  elif [ "${CI:-}" = "true" ]; then
    echo "browser-deps: need root or sudo to install ${need[*]}" >&2; exit 1
  else
    echo "browser-deps: cannot install ${need[*]} (not root, no sudo): the browser" \
         "and PDF-rendering tests will be skipped" >&2; exit 0
  fi
fi
echo "browser-deps: installing ${need[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q >&2
$SUDO apt-get install -y -q --no-install-recommends "${need[@]}" >&2
