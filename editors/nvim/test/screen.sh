#!/usr/bin/env bash
# Captures a real Neovim session on the sample project with the server, through tmux, into
# editors/nvim/screen.txt (pending edit: diagnostics and lenses) and editors/nvim/screen-run.txt
# (after :AssertlensRunAffected), used in editors/README.md.
#   ASSERTLENS_BIN=$PWD/bin/assertlens bash editors/nvim/test/screen.sh [out-file [run-out-file]]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
plugin="$(cd "$here/.." && pwd)"
repo="$(cd "$plugin/../.." && pwd)"
out="${1:-$plugin/screen.txt}"
run_out="${2:-$plugin/screen-run.txt}"
[ -n "${ASSERTLENS_BIN:-}" ] && [ -x "$ASSERTLENS_BIN" ] || { echo "screen: set ASSERTLENS_BIN to the assertlens binary" >&2; exit 1; }
command -v tmux >/dev/null || { echo "screen: tmux is needed (apt-get install -y tmux)" >&2; exit 1; }
ASSERTLENS_BIN="$(cd "$(dirname "$ASSERTLENS_BIN")" && pwd)/$(basename "$ASSERTLENS_BIN")"

tmp="$(cd "$(mktemp -d "${TMPDIR:-/tmp}/assertlens-screen.XXXXXX")" && pwd -P)"
sock="$tmp/tmux.sock"
trap 'tmux -S "$sock" kill-server 2>/dev/null || true; rm -rf "$tmp"' EXIT
cp -R "$repo/testdata/editors/sample" "$tmp/sample"
mkdir -p "$tmp/cache" "$tmp/xdg"
(cd "$tmp/sample" && git init -q && git add -A && git -c user.name=a -c user.email=a@a.invalid -c commit.gpgsign=false commit -q -m fixture)

tmux -S "$sock" -f /dev/null new-session -d -s assertlens -x 120 -y 45 \
  "cd $tmp/sample && env TERM=xterm-256color ASSERTLENS_BIN=$ASSERTLENS_BIN ASSERTLENS_CACHE_DIR=$tmp/cache ASSERTLENS_SCREEN_READY=$tmp/ready XDG_STATE_HOME=$tmp/xdg XDG_DATA_HOME=$tmp/xdg XDG_CONFIG_HOME=$tmp/xdg nvim -u NONE -i NONE -n --cmd 'set rtp^=$plugin' -c 'luafile $here/screen_init.lua'"
for _ in $(seq 1 300); do
  [ -f "$tmp/ready" ] && break
  sleep 0.1
done
[ -f "$tmp/ready" ] || { echo "screen: nvim did not get ready" >&2; tmux -S "$sock" capture-pane -p -t assertlens >&2; exit 1; }
sleep 0.5
tmux -S "$sock" capture-pane -p -t assertlens | sed -e "s#$tmp/sample#~/sample#g" -e 's/[[:space:]]*$//' > "$out"
echo "screen: wrote $out"
cat "$out"

# Run the affected assertions from the editor and capture the result.
tmux -S "$sock" send-keys -t assertlens ':AssertlensRunAffected' Enter
for _ in $(seq 1 1200); do
  tmux -S "$sock" capture-pane -p -t assertlens | grep -q 'failed\|passed\|not available' && break
  sleep 0.1
done
sleep 3
tmux -S "$sock" capture-pane -p -t assertlens | sed -e "s#$tmp/sample#~/sample#g" -e 's/[[:space:]]*$//' > "$run_out"
echo "screen: wrote $run_out"
cat "$run_out"
