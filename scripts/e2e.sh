#!/usr/bin/env bash
# End-to-end test of the VS Code extension in a real VS Code: code-server (VS Code 1.100 in
# the browser) driven by headless Chromium through puppeteer-core. Packages the extension
# (.vsix), installs it into a scratch code-server, opens a git copy of
# testdata/editors/sample, types an unsaved edit and checks what a person sees (see
# editors/vscode/e2e/run.js). Screenshots go to $ASSERTLENS_E2E_ARTIFACTS
# (default /tmp/assertlens-e2e-artifacts).
#
# Usage: scripts/e2e.sh [path/to/assertlens]   (default bin/assertlens, built by make)
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
BIN=$(realpath "${1:-bin/assertlens}")
CACHE=${ASSERTLENS_E2E_CACHE:-$HOME/.cache/assertlens-e2e}
ARTIFACTS=${ASSERTLENS_E2E_ARTIFACTS:-${TMPDIR:-/tmp}/assertlens-e2e-artifacts}
export ASSERTLENS_E2E_CACHE=$CACHE

t0=$(date +%s)
bash scripts/e2e-setup.sh

# The extension, packaged as a user would install it; packaged again only when its sources
# changed (the hash of what goes into the .vsix).
(
  cd editors/vscode
  sum=$(find src package.json package-lock.json tsconfig.json .vscodeignore README.md -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1)
  if [ ! -f "$CACHE/assertlens.vsix" ] || [ "$(cat "$CACHE/assertlens.vsix.sum" 2>/dev/null)" != "$sum" ]; then
    [ -d node_modules/@vscode/vsce ] || npm ci --no-audit --no-fund --loglevel=error
    # vsce runs the compile itself (vscode:prepublish).
    npx --no-install vsce package --allow-missing-repository --skip-license -o "$CACHE/assertlens.vsix" >/dev/null
    echo "$sum" >"$CACHE/assertlens.vsix.sum"
  fi
)

WORK=$(mktemp -d "${TMPDIR:-/tmp}/assertlens-e2e-XXXXXX")
CS_PID=""
cleanup() {
  if [ -n "$CS_PID" ]; then kill "$CS_PID" 2>/dev/null || true; wait "$CS_PID" 2>/dev/null || true; fi
  if [ -z "${ASSERTLENS_E2E_KEEP:-}" ]; then rm -rf "$WORK"; else echo "e2e: kept $WORK"; fi
}
trap cleanup EXIT

# The server (started by the extension inside code-server, which passes its environment
# on) keeps its cache in the scratch folder and, as in the other editor tests, runs no
# mvn/gradle: the JUnit jars come from the settings below.
export ASSERTLENS_CACHE_DIR=$WORK/cache ASSERTLENS_BUILD_TOOLS=${ASSERTLENS_BUILD_TOOLS:-off}

# A git copy of the sample project (the default baseline is git HEAD).
PROJECT=$WORK/sample
cp -r testdata/editors/sample "$PROJECT"
git -C "$PROJECT" init -q
git -C "$PROJECT" add -A
git -C "$PROJECT" -c user.name=e2e -c user.email=e2e@assertlens.invalid -c commit.gpgsign=false commit -qm fixture

# The same project with a workspace setting naming a server that cannot start: it rejects
# --stdio, as assertlens once did. The extension must show the error state and that reason.
BROKEN=$WORK/broken
cp -r "$PROJECT" "$BROKEN"
mkdir -p "$BROKEN/.vscode"
printf '#!/bin/sh\necho "assertlens serve: flag provided but not defined: -stdio" >&2\nexit 2\n' >"$WORK/assertlens-rejects-stdio"
chmod +x "$WORK/assertlens-rejects-stdio"
printf '{ "assertlens.path": "%s" }\n' "$WORK/assertlens-rejects-stdio" >"$BROKEN/.vscode/settings.json"

# code-server's user data: settings that keep it quiet, offline and free of first-run
# prompts, and the extension's settings (the binary under test, the JUnit jars).
USERDATA=$WORK/user-data
EXTDIR=$WORK/extensions
mkdir -p "$USERDATA/User" "$EXTDIR" "$ARTIFACTS"
rm -f "$ARTIFACTS"/*.png
CLASSPATH_JSON=$(node -e '
  const e = require(process.argv[1]);
  const fs = require("fs");
  console.log(JSON.stringify(e.classpath.filter((p) => fs.existsSync(p))));' "$REPO/testdata/editors/sample.expect.json")
cat >"$USERDATA/User/settings.json" <<EOF
{
  "assertlens.path": "$BIN",
  "assertlens.classpath": $CLASSPATH_JSON,
  "assertlens.debounceMs": 50,
  "security.workspace.trust.enabled": false,
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "workbench.enableExperiments": false,
  "workbench.colorTheme": "Default Dark Modern",
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "extensions.ignoreRecommendations": true,
  "git.enabled": false,
  "editor.codeLens": true,
  "files.autoSave": "off",
  "files.hotExit": "off",
  "editor.minimap.enabled": false,
  "editor.hover.delay": 100,
  "window.restoreWindows": "none",
  "chat.disableAIFeatures": true,
  "workbench.secondarySideBar.defaultVisibility": "hidden"
}
EOF

# The binary's path is a machine-overridable setting: code-server also reads it from the
# remote machine's settings.
mkdir -p "$USERDATA/Machine"
printf '{ "assertlens.path": "%s" }\n' "$BIN" >"$USERDATA/Machine/settings.json"

CS=$CACHE/node_modules/.bin/code-server
"$CS" --user-data-dir "$USERDATA" --extensions-dir "$EXTDIR" --install-extension "$CACHE/assertlens.vsix" >"$WORK/install-extension.log" 2>&1 ||
  { cat "$WORK/install-extension.log" >&2; exit 1; }

PORT=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });')
# Bound to 127.0.0.1 only, without a password: nothing else can reach it.
"$CS" --bind-addr "127.0.0.1:$PORT" --auth none --disable-telemetry --disable-update-check \
  --disable-workspace-trust --disable-getting-started-override --disable-file-downloads \
  --user-data-dir "$USERDATA" --extensions-dir "$EXTDIR" --ignore-last-opened "$PROJECT" \
  >"$WORK/code-server.log" 2>&1 &
CS_PID=$!
# Wait until it listens (or dies).
for _ in $(seq 1 240); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then break; fi
  kill -0 "$CS_PID" 2>/dev/null || { echo "e2e: code-server exited:" >&2; cat "$WORK/code-server.log" >&2; exit 1; }
  sleep 0.5
done
t1=$(date +%s)

status=0
NODE_PATH=$CACHE/node_modules node editors/vscode/e2e/run.js \
  --url "http://127.0.0.1:$PORT/?folder=$PROJECT" --project "$PROJECT" --artifacts "$ARTIFACTS" \
  --expect "$REPO/testdata/editors/sample.expect.json" --broken-url "http://127.0.0.1:$PORT/?folder=$BROKEN" || status=$?
t2=$(date +%s)
# The client must never have been sent a request it could not handle yet (e.g. progress
# created before "initialized").
if grep -rl "Unhandled method" "$USERDATA/logs" 2>/dev/null; then
  echo "not ok - the server sent requests the client had no handler for yet:" >&2
  grep -rh "Unhandled method" "$USERDATA/logs" | head -5 >&2
  status=1
fi
if [ $status -ne 0 ]; then
  echo "--- code-server log (tail)" >&2
  tail -20 "$WORK/code-server.log" >&2 || true
  for f in $(find "$USERDATA/logs" -name '*assertlens*' -o -name 'exthost.log' 2>/dev/null | head -5); do
    echo "--- $f (tail)" >&2
    tail -30 "$f" >&2
  done
fi
echo "e2e: installs, packaging and code-server start $((t1 - t0)) s, browser test $((t2 - t1)) s; screenshots in $ARTIFACTS"
exit $status
