#!/usr/bin/env bash
# The web app (web/) built into web/dist, static files only: the npm
# package `halma` built and packed by `scripts/js-package.sh --pack`,
# installed into web/ from its tarball (without saving it: web/'s lock file
# names the build and test tools, and the package is always this checkout's),
# then `tsc --noEmit` and `vite build`. The last line printed is web/dist.
#
#   scripts/web-build.sh        # needs what scripts/js-package.sh installs (it installs it)
#
# Every step runs under a time limit.

set -euo pipefail
cd "$(dirname "$0")/.."
repository=$PWD
log=$(mktemp)
trap 'rm -f "$log"' EXIT

echo "== the npm package halma (scripts/js-package.sh --pack)"
scripts/js-package.sh --pack | tee "$log"
tarball=$(tail -n 1 "$log")
[[ -f $tarball ]] || { echo "scripts/js-package.sh --pack printed no tarball" >&2; exit 1; }

cd web
echo "== web/: npm ci (vite, typescript, playwright-core), then the package's tarball"
timeout 900 npm ci --no-audit --no-fund --loglevel=error
timeout 300 npm install --no-save --no-audit --no-fund --loglevel=error "$tarball"

echo "== tsc --noEmit (the app against the package's types)"
timeout 300 npx tsc --noEmit -p .

echo "== vite build"
timeout 600 npx vite build --logLevel warn
ls -l dist dist/assets | sed 's/^/   /'
echo "$repository/web/dist"
