#!/usr/bin/env python3
"""Measures how wide assertlens's selection is for one-method body edits.

For a git checkout of a Java project (never this repository's tree: clone real projects
under /tmp), it picks N production methods at random (fixed seed), and for each one adds a
statement at the top of its body, runs `assertlens select --json` against HEAD, records the
share of assertions selected and the `via` chains, and restores the file with git.

    scripts/sample-edits.py --bin bin/assertlens --root /tmp/x/commons-cli [-n 20] [--seed 1]
        [--out result.json] [--chains 3]

Prints one line per edit and a summary: mean/median selected-assertion ratio and the share
of edits that select more than half of the suite. --out writes every record as JSON, so two
runs (before/after a change) can be compared with --compare old.json new.json.
"""
import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys

DECL = re.compile(
    r"^(\s+)(?:(?:public|protected|private|static|final|synchronized|native|strictfp)\s+)*"
    r"(?:<[^>]*>\s*)?[\w.$<>\[\]?, ]+\s+(\w+)\s*\([^;{}]*\)\s*(?:throws\s+[\w.$, ]+)?\{\s*$")
SKIP_NAMES = {"if", "for", "while", "switch", "catch", "synchronized", "return", "new", "else"}


def production_files(root):
    out = []
    for dirpath, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d not in ("target", "build")]
        rel = os.path.relpath(dirpath, root)
        if "/test" in "/" + rel.replace(os.sep, "/") or "src/it" in rel:
            continue
        if "src/main/java" not in rel.replace(os.sep, "/"):
            continue
        out += [os.path.join(dirpath, f) for f in files if f.endswith(".java") and f != "package-info.java"]
    return sorted(out)


def candidates(root):
    """Every (file, line index, method name) whose declaration ends with '{' on its line."""
    out = []
    for path in production_files(root):
        try:
            lines = open(path, encoding="utf-8").read().split("\n")
        except UnicodeDecodeError:
            continue
        for i, line in enumerate(lines):
            m = DECL.match(line)
            if not m or m.group(2) in SKIP_NAMES or " class " in line or " interface " in line:
                continue
            # A constructor looks like "Name(...) {": keep only methods with a return type.
            head = line.split("(")[0].split()
            if len(head) < 2 or head[-2] in ("new", "return", "else", "="):
                continue
            out.append((path, i, m.group(2), m.group(1)))
    return out


def select(bin_, root):
    env = dict(os.environ)
    env.setdefault("ASSERTLENS_CACHE_DIR", "/tmp/sample-edits-cache")
    p = subprocess.run([bin_, "select", "--json", "--root", root], capture_output=True, text=True, env=env)
    if p.returncode != 0:
        raise RuntimeError(p.stderr.strip() or p.stdout[:200])
    return json.loads(p.stdout)


def chain_summary(units, k):
    """The k most frequent via chains (as 'a -> b -> c') among selected units."""
    counts = {}
    for u in units:
        via = u.get("via") or []
        key = " -> ".join(str(v.get("id", v)) if isinstance(v, dict) else str(v) for v in via)
        counts[key] = counts.get(key, 0) + u.get("assertions", 0) or 1
    return sorted(counts.items(), key=lambda kv: -kv[1])[:k]


def run(args):
    root = os.path.abspath(args.root)
    if subprocess.run(["git", "-C", root, "diff", "--quiet"]).returncode != 0:
        sys.exit("sample-edits: %s has uncommitted changes; refusing to edit it" % root)
    cands = candidates(root)
    random.Random(args.seed).shuffle(cands)
    records = []
    for path, i, name, indent in cands[: args.n]:
        text = open(path, encoding="utf-8").read()
        lines = text.split("\n")
        lines.insert(i + 1, indent + "    int assertlensSample = 1;")
        open(path, "w", encoding="utf-8").write("\n".join(lines))
        try:
            out = select(args.bin, root)
        except Exception as e:  # report and go on: one broken edit must not stop the sample
            print("%s:%d %s: error %s" % (os.path.relpath(path, root), i + 1, name, e))
            continue
        finally:
            subprocess.run(["git", "-C", root, "checkout", "-q", "--", os.path.relpath(path, root)], check=True)
        tot = out.get("totals", {})
        ratio = tot.get("selectedAssertions", 0) / max(1, tot.get("assertions", 0))
        rec = {"file": os.path.relpath(path, root), "line": i + 1, "method": name, "ratio": ratio,
               "selectedAssertions": tot.get("selectedAssertions", 0), "assertions": tot.get("assertions", 0),
               "selectedTestMethods": tot.get("selectedTestMethods", 0), "testMethods": tot.get("testMethods", 0),
               "changes": [c.get("id") for c in out.get("changes", [])],
               "chains": chain_summary(out.get("units") or [], args.chains)}
        records.append(rec)
        print("%5.1f%% %6d/%-6d %s#%s" % (100 * ratio, rec["selectedAssertions"], rec["assertions"],
                                          os.path.basename(path)[:-5], name))
        for c, n in rec["chains"]:
            print("        %5d  %s" % (n, c[:300]))
    summarize(records)
    if args.out:
        json.dump(records, open(args.out, "w"), indent=1)


def summarize(records, label=""):
    if not records:
        print("no edits measured")
        return
    rs = [r["ratio"] for r in records]
    wide = sum(1 for r in rs if r > 0.5)
    print("%sedits %d  mean %.1f%%  median %.1f%%  max %.1f%%  >50%%: %d (%.0f%%)" % (
        label, len(rs), 100 * statistics.mean(rs), 100 * statistics.median(rs), 100 * max(rs), wide,
        100 * wide / len(rs)))


def compare(old, new):
    a, b = json.load(open(old)), json.load(open(new))
    summarize(a, "before: ")
    summarize(b, "after:  ")
    bykey = {(r["file"], r["line"]): r for r in a}
    for r in b:
        o = bykey.get((r["file"], r["line"]))
        if o:
            print("%5.1f%% -> %5.1f%%  %s#%s" % (100 * o["ratio"], 100 * r["ratio"], r["file"], r["method"]))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default="bin/assertlens")
    ap.add_argument("--root")
    ap.add_argument("-n", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--chains", type=int, default=3)
    ap.add_argument("--out")
    ap.add_argument("--compare", nargs=2, metavar=("OLD", "NEW"))
    args = ap.parse_args()
    if args.compare:
        compare(*args.compare)
    elif args.root:
        args.bin = os.path.abspath(args.bin)
        run(args)
    else:
        ap.error("--root or --compare is required")


if __name__ == "__main__":
    main()
