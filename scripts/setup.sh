#!/usr/bin/env bash
# Installs what assertlens's tests and demo need and checks the JDK. Idempotent and quiet
# when everything is already there.
set -euo pipefail
need=()
[ -f /usr/share/java/junit4.jar ] || need+=(junit4)
ls /usr/share/java/junit-platform-console-standalone*.jar >/dev/null 2>&1 || need+=(junit5)
[ -f /usr/share/java/hamcrest-core.jar ] || [ -f /usr/share/java/hamcrest.jar ] || need+=(libhamcrest-java)
[ -f /usr/share/java/asm.jar ] && [ -f /usr/share/java/asm-tree.jar ] || need+=(libasm-java)
command -v nvim >/dev/null 2>&1 || need+=(neovim)
command -v javac >/dev/null 2>&1 || need+=(default-jdk-headless)
command -v python3 >/dev/null 2>&1 || need+=(python3) # scripts/replay-history.py, tested in cmd/assertlens
if [ ${#need[@]} -gt 0 ]; then
  echo "setup: installing ${need[*]}"
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
javac -version >/dev/null 2>&1 || { echo "setup: javac not working" >&2; exit 1; }
java -version >/dev/null 2>&1 || { echo "setup: java not working" >&2; exit 1; }
command -v git >/dev/null || { echo "setup: git is required" >&2; exit 1; }
