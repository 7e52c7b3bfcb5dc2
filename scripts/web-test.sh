#!/usr/bin/env bash
# The web app tested in a real browser: scripts/web-build.sh builds web/dist,
# then web/test/app.test.mjs (node --test) serves it on 127.0.0.1 and drives
# Debian's Chromium through playwright-core (no browser download): a person
# against the engine on halma8 to the end, hot-seat on halma4, an illegal
# click, undo and redo, save and load, keyboard play, a phone-sized viewport,
# Stop, offline play. It prints the first paint and the engine's reply time
# at level 5 on halma, and the folder of its screenshots (16x16, 10x10,
# four seats, dark theme, phone).
#
#   scripts/web-test.sh        # installs Chromium with apt-get when /usr/bin/chromium is missing (as root)
#
# Environment: HALMA_WEB_SCREENSHOTS, where the screenshots go (default
# target/web-screenshots); HALMA_CHROMIUM, the browser (default
# /usr/bin/chromium). Every wait in the test has a time-out; the whole run
# has one too.

set -euo pipefail
cd "$(dirname "$0")/.."
repository=$PWD

chromium=${HALMA_CHROMIUM:-/usr/bin/chromium}
if [[ ! -x $chromium ]]; then
    if [[ $(id -u) -ne 0 ]]; then
        echo "missing $chromium: run as root, or apt-get install chromium" >&2
        exit 1
    fi
    echo "== Debian's Chromium (apt-get install chromium)"
    timeout 900 apt-get update -qq
    DEBIAN_FRONTEND=noninteractive timeout 1800 apt-get install -y -qq chromium >/dev/null
fi
echo "== $("$chromium" --version 2>/dev/null || echo "$chromium")"

scripts/web-build.sh
export HALMA_WEB_DIST=$repository/web/dist
export HALMA_WEB_SCREENSHOTS=${HALMA_WEB_SCREENSHOTS:-$repository/target/web-screenshots}
export HALMA_CHROMIUM=$chromium

echo "== the app in Chromium (web/test/app.test.mjs)"
cd web
timeout 1200 node --test --test-reporter=spec test/app.test.mjs
