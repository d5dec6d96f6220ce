#!/usr/bin/env bash
# End-to-end test of the Neovim plugin: real headless Neovim against the real server
# ($ASSERTLENS_BIN) on a scratch git copy of testdata/editors/sample.
#   ASSERTLENS_BIN=/path/to/assertlens bash editors/nvim/test/run.sh
# Env: NVIM (default nvim), ASSERTLENS_TEST_TIMEOUT_MS (default 30000), ASSERTLENS_TEST_KEEP=1
# keeps the scratch folder, ASSERTLENS_TEST_VERBOSE=1 shows the server's stderr.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
plugin="$(cd "$here/.." && pwd)"
repo="$(cd "$plugin/../.." && pwd)"
NVIM="${NVIM:-nvim}"

fail() { echo "nvim-test: FAIL: $*" >&2; exit 1; }

[ -n "${ASSERTLENS_BIN:-}" ] || fail "ASSERTLENS_BIN is not set: this test needs the real server (make nvim-test, or go build -o /tmp/assertlens ./cmd/assertlens && ASSERTLENS_BIN=/tmp/assertlens bash $0)"
[ -x "$ASSERTLENS_BIN" ] || fail "ASSERTLENS_BIN=$ASSERTLENS_BIN is not an executable file (make build)"
command -v "$NVIM" >/dev/null || fail "$NVIM not found (apt-get install neovim)"
ASSERTLENS_BIN="$(cd "$(dirname "$ASSERTLENS_BIN")" && pwd)/$(basename "$ASSERTLENS_BIN")"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/assertlens-nvim.XXXXXX")"
tmp="$(cd "$tmp" && pwd -P)"
cleanup() { if [ -z "${ASSERTLENS_TEST_KEEP:-}" ]; then rm -rf "$tmp"; else echo "nvim-test: kept $tmp" >&2; fi; }
trap cleanup EXIT

cp -R "$repo/testdata/editors/sample" "$tmp/sample"
mkdir -p "$tmp/cache" "$tmp/xdg/state" "$tmp/xdg/data" "$tmp/xdg/config" "$tmp/xdg/cache"
(
  cd "$tmp/sample"
  git init -q
  git add -A
  git -c user.name=assertlens-test -c user.email=test@assertlens.invalid -c commit.gpgsign=false commit -q -m fixture
)

export ASSERTLENS_BIN ASSERTLENS_CACHE_DIR="$tmp/cache"
export ASSERTLENS_TEST_ROOT="$tmp/sample" ASSERTLENS_TEST_EXPECT="$repo/testdata/editors/sample.expect.json"
export ASSERTLENS_TEST_STDERR="$tmp/server.stderr" ASSERTLENS_TEST_PLUGIN="$plugin"
# Keep the user's config, state and LSP log out of it.
export XDG_STATE_HOME="$tmp/xdg/state" XDG_DATA_HOME="$tmp/xdg/data" XDG_CONFIG_HOME="$tmp/xdg/config" XDG_CACHE_HOME="$tmp/xdg/cache"

echo "nvim-test: $("$NVIM" --version | head -1) against $ASSERTLENS_BIN"
set +e
( cd "$tmp/sample" && timeout 180 "$NVIM" --headless -u NONE -i NONE -n \
    --cmd "set rtp^=$plugin" \
    -c "luafile $here/e2e.lua" )
rc=$?
set -e
if [ $rc -ne 0 ]; then
  if [ -s "$tmp/server.stderr" ]; then
    echo "nvim-test: server stderr (tail):" >&2
    tail -n 30 "$tmp/server.stderr" >&2
  fi
  [ $rc -eq 124 ] && fail "timed out (180 s)"
  fail "headless Neovim exited with $rc"
fi
echo "nvim-test: ok"
