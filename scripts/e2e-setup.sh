#!/usr/bin/env bash
# Installs what the real-VS-Code end-to-end test (scripts/e2e.sh) needs: Debian's chromium
# and ripgrep plus the build dependencies of code-server's native modules, and, in a cache
# outside the repository, code-server and puppeteer-core from npm. Idempotent and quiet when
# everything is there, so a warm run costs seconds.
#
# Cache: $ASSERTLENS_E2E_CACHE (default ~/.cache/assertlens-e2e).
set -euo pipefail

CODE_SERVER_VERSION=4.100.3   # the newest code-server that runs on Node 20 (VS Code 1.100)
PUPPETEER_VERSION=24.43.1     # puppeteer-core only: no browser download, Debian's chromium is used
# puppeteer's @puppeteer/browsers takes tar-fs ^3.1.1; tar-fs 3.1.4 wants a tar-stream newer
# than some registries (mirrors) serve, and a fresh install resolves the newest: pinned.
TAR_FS_VERSION=3.1.3
CACHE=${ASSERTLENS_E2E_CACHE:-$HOME/.cache/assertlens-e2e}

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v rg >/dev/null 2>&1 || need+=(ripgrep)
for pkg in build-essential libkrb5-dev libxkbfile-dev libsecret-1-dev libx11-dev python3 fonts-dejavu-core; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "e2e-setup: installing ${need[*]}"
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

stamp="$CACHE/installed-$CODE_SERVER_VERSION-$PUPPETEER_VERSION-$TAR_FS_VERSION"
if [ -f "$stamp" ] && [ -x "$CACHE/node_modules/.bin/code-server" ]; then
  exit 0
fi

echo "e2e-setup: installing code-server@$CODE_SERVER_VERSION and puppeteer-core@$PUPPETEER_VERSION into $CACHE (several minutes, once)"
start=$(date +%s)
mkdir -p "$CACHE"
# @vscode/ripgrep's postinstall downloads a ripgrep build from GitHub unless its cache holds the
# archive; an archive of Debian's rg serves the same purpose and keeps the install offline.
tmp=${TMPDIR:-/tmp}
for v in 1.15.11 1.15.9 1.15.10 1.15.14; do
  dir="$tmp/vscode-ripgrep-cache-$v"
  archive="$dir/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz"
  if [ ! -f "$archive" ]; then
    mkdir -p "$dir" "$CACHE/rg-archive"
    cp "$(command -v rg)" "$CACHE/rg-archive/rg"
    tar -czf "$archive" -C "$CACHE/rg-archive" rg
  fi
done
cat >"$CACHE/package.json" <<EOF
{
  "name": "assertlens-e2e-tools",
  "private": true,
  "description": "code-server and puppeteer-core for assertlens's end-to-end test (scripts/e2e.sh)",
  "dependencies": {
    "code-server": "$CODE_SERVER_VERSION",
    "puppeteer-core": "$PUPPETEER_VERSION"
  },
  "overrides": {
    "tar-fs": "$TAR_FS_VERSION"
  }
}
EOF
# node-pty's postinstall runs `npx node-gyp`: npm_config_yes lets npx proceed without a
# prompt. code-server's postinstall refuses to run as root without npm_config_unsafe_perm.
(
  cd "$CACHE"
  export npm_config_yes=true npm_config_unsafe_perm=true PUPPETEER_SKIP_DOWNLOAD=1 PUPPETEER_SKIP_CHROMIUM_DOWNLOAD=1
  npm install --no-audit --no-fund --loglevel=error >"$CACHE/install.log" 2>&1
) || { echo "e2e-setup: npm install failed; last lines of $CACHE/install.log:" >&2; tail -40 "$CACHE/install.log" >&2; exit 1; }
[ -x "$CACHE/node_modules/.bin/code-server" ] || { echo "e2e-setup: code-server did not install" >&2; exit 1; }
rm -f "$CACHE"/installed-*
touch "$stamp"
echo "e2e-setup: installed in $(( $(date +%s) - start )) s"
