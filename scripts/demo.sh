#!/usr/bin/env bash
# make demo: copy the sample project to a scratch folder, commit it, make an edit and show
# what assertlens makes of it. Nothing is written into the repository.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
bin="$here/bin/assertlens"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export ASSERTLENS_CACHE_DIR="$work/cache"
cp -r "$here/testdata/demo" "$work/project"
cd "$work/project"
git init -q
git -c user.name=demo -c user.email=demo@example.com add -A
git -c user.name=demo -c user.email=demo@example.com commit -qm "sample project"

say() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

say "1. Index the sample project (a Complex number class and two test classes)"
"$bin" index --root .

say "2. Edit Complex#negate(): forget to negate the imaginary part"
sed -i 's/return new Complex(-real, -imaginary);/return new Complex(-real, imaginary);/' src/main/java/demo/Complex.java
git --no-pager diff --stat

say "3. What changed, member by member"
"$bin" changes --root .

say "4. Which assertions can observe the edit (assertion level)"
"$bin" select --root .

say "5. The same edit at method level, for comparison"
"$bin" select --root . --level method --json | python3 -c 'import json,sys; t=json.load(sys.stdin)["totals"]; print("method level selects %d of %d test methods, %d of %d assertions" % (t["selectedTestMethods"], t["testMethods"], t["selectedAssertions"], t["assertions"]))'

say "6. Run just the affected slices (real javac + JUnit Platform); one is expected to fail"
"$bin" run --root . || true

say "7. The same kind of edit in an editor: a scripted LSP session against 'assertlens serve'"
cd "$here"
go run ./lsp/lsptest/lspdemo -bin "$bin" -project testdata/demo -file src/main/java/demo/Complex.java \
  -old "return new Complex(-real, -imaginary);" -new "return new Complex(-real, imaginary);"
