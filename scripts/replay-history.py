#!/usr/bin/env python3
"""Replays real history to check selection with coverage against the truth.

For a git clone of a Java project (never this repository: clone real projects under /tmp),
it walks consecutive commits that change production Java code. For each pair N -> N+1:

  1. the coverage record of N (made in the previous step, or now) is in the cache;
  2. the working tree is set to N+1's files while HEAD stays at N, and
     `assertlens select --json` (with the record) and `select --no-coverage --json` run;
  3. `assertlens coverage` runs on N+1: the truth. Every test statement that executed a
     changed member in N+1 must be in a unit `select` chose, or it is a miss;
  4. N+1 is checked out: its record serves as step 1 of the next pair.

    scripts/replay-history.py --bin bin/assertlens --root /tmp/x/commons-cli \
        [--from REV] [--commits 20] [--out replay.json] [--classpath CP]

Prints one row per pair and a table: commits, changed members, selected assertions with
coverage, static only, and the ideal dynamic method-level and class-level selectors, plus
misses (which must be 0). A test method the commit added or edited ran changed code, its
own, so the oracles count it like the tests that ran changed production code. Never run it on a tree with uncommitted work: it checks out commits.
"""
import argparse
import json
import os
import subprocess
import sys


def sh(args, cwd, check=True):
    r = subprocess.run(args, cwd=cwd, capture_output=True, text=True)
    if check and r.returncode != 0:
        raise RuntimeError(f"{' '.join(args)}: exit {r.returncode}\n{r.stderr[-2000:]}")
    return r


def al(binary, *args, cwd):
    r = sh([binary, *args], cwd=cwd, check=False)
    if r.returncode not in (0, 1):
        raise RuntimeError(f"assertlens {' '.join(args)}: exit {r.returncode}\n{r.stderr[-2000:]}")
    return json.loads(r.stdout) if r.stdout.strip() else {}


# A change to one of these selects everything (the build decides what the tests run with).
BUILD_FILES = {"pom.xml", "build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts"}


def production_java(paths):
    return [p for p in paths if p.endswith(".java") and "/test/" not in p and "src/main" in p]


def commits(root, start, n):
    revs = sh(["git", "rev-list", "--reverse", "--first-parent", start], root).stdout.split()
    out = []
    for rev in revs:
        files = sh(["git", "diff-tree", "--root", "--no-commit-id", "--name-only", "-r", rev], root).stdout.split()
        if production_java(files):
            out.append(rev)
    return out[-(n + 1):]


def test_method_change(c):
    """A test method the commit added or edited: it ran changed code, its own, even when
    nothing calls it (an added test the finding F2 marks as reaching no test)."""
    return "src/test" in c.get("file", "") and c.get("kind") == "method" and c.get("change") in ("added", "modified")


def suite_units(binary, root):
    """Every unit of the test files, grouped by test run ("pkg.Class#method", or the class id
    for classes cut as one class-level unit), from `slices --json`."""
    tests, seen = {}, set()
    for u in al(binary, "slices", "--root", root, "--json", cwd=root)["units"]:
        if u["id"] in seen:
            continue  # a class-level unit is listed once per test run it stands for
        seen.add(u["id"])
        key = u["test"]
        t = tests.setdefault(key, {"class": u["class"], "assertions": 0, "units": []})
        t["assertions"] += u.get("assertions", 0)
        t["units"].append(u)
    return tests


def runs_of(suite, klass, method):
    """The suite keys a hit in klass#method (method "" for class-level code) belongs to."""
    if klass in suite:
        return [klass]
    if method:
        return [klass + "#" + method] if klass + "#" + method in suite else []
    return [t for t in suite if t.startswith(klass + "#")]


def needed(units, line):
    if line > 0:
        hold = [u for u in units if u["level"] != "assertion" or any(a <= line <= b for a, b in u["statements"])]
        if hold:
            return hold
    return units


def record(binary, root, expect=0, extra=()):
    """Records coverage at the checked-out commit. A record in which far fewer tests passed
    than expected (a JVM that died or timed out on a busy machine) would make the truth
    empty and hide misses: such a run is made once more, and the row says so."""
    cov = al(binary, "coverage", "--root", root, "--json", *extra, cwd=root)
    passed = cov.get("passed") or 0
    if expect and passed < 0.9 * expect:
        print(f"  coverage record with {passed} of about {expect} tests passing: recording again", flush=True)
        cov = al(binary, "coverage", "--root", root, "--json", *extra, cwd=root)
        cov["recordedAgain"] = True
    return cov


def replay(args):
    root, binary = args.root, os.path.abspath(args.bin)
    extra = ("--classpath", args.classpath) if args.classpath else ()
    revs = commits(root, args.start, args.commits)
    if len(revs) < 2:
        sys.exit("not enough commits changing production code")
    sh(["git", "checkout", "-q", "--detach", revs[0]], root)
    cov = record(binary, root, extra=extra)
    expect = cov.get("passed") or 0
    print(f"record at {revs[0][:10]}: {cov.get('tests')} tests, {cov.get('members')} members, {cov.get('elapsedMs')} ms", flush=True)
    rows = []
    for prev, nxt in zip(revs, revs[1:]):
        sh(["git", "checkout", "-q", nxt, "--", "."], root)
        sh(["git", "clean", "-qfd", "--", "."], root, check=False)
        # Files deleted by nxt stay after checkout -- .; remove them to match nxt exactly.
        gone = sh(["git", "diff", "--name-only", "--diff-filter=D", prev, nxt], root).stdout.split()
        for p in gone:
            if os.path.exists(os.path.join(root, p)):
                os.remove(os.path.join(root, p))
        with_cov = al(binary, "select", "--root", root, "--json", cwd=root)
        static = al(binary, "select", "--root", root, "--json", "--no-coverage", cwd=root)
        truth = record(binary, root, expect, extra)
        expect = max(expect, truth.get("passed") or 0)
        suite = suite_units(binary, root)
        changed = sorted({c["id"] for c in (with_cov.get("changes") or [])
                          if "#" in c["id"] and (c.get("rerun") or test_method_change(c))})
        selected = {u["id"] for u in with_cov["units"]}
        selected_classes = {u["class"] for u in with_cov["units"] if u["level"] == "class"}
        # Classes whose tests the JUnit Platform runs but static discovery cannot see (a
        # suite() or @RunWith(AllTests) building tests from a library, such as Guava's
        # testlib testers): a recorded test of a class that is in no source ran under one of
        # them, and is run again when all of them are selected whole.
        undiscovered = set(with_cov.get("undiscovered") or [])
        by_suites = 0
        misses, meth, cls = [], set(), set()
        for m in changed:
            hits = al(binary, "coverage", "--root", root, "--member", m, "--json", cwd=root).get("hits", [])
            for h in hits:
                test = h["test"]
                klass, _, method = test.partition("#")
                cls.add(klass)
                runs = runs_of(suite, klass, method)
                if not runs:
                    if undiscovered and undiscovered <= selected_classes:
                        by_suites += 1
                        continue
                    misses.append({"member": m, "test": test, "line": h["line"], "why": "test not discovered"})
                    continue
                for t in runs:
                    meth.add(t)
                    units = suite[t]["units"] if not method or "#" not in t else needed(suite[t]["units"], h["line"])
                    for u in units:
                        if u["id"] not in selected and suite[t]["class"] not in selected_classes:
                            misses.append({"member": m, "test": test, "line": h["line"], "unit": u["id"]})
        total = with_cov["totals"]["assertions"] or 1
        row = {
            "commit": nxt[:10], "changedMembers": len(changed),
            "coverage": with_cov["totals"]["selectedAssertions"], "static": static["totals"]["selectedAssertions"],
            "methodOracle": sum(suite[t]["assertions"] for t in meth),
            "classOracle": sum(v["assertions"] for t, v in suite.items() if v["class"] in cls),
            "assertions": total, "fromCoverage": with_cov["totals"].get("fromCoverage", 0),
            "coverageState": (with_cov.get("coverage") or {}).get("state", "none"),
            "coverageReason": (with_cov.get("coverage") or {}).get("reason", ""),
            "staticChanges": (with_cov.get("coverage") or {}).get("static") or [],
            "nonMemberChanges": sorted({c["id"] for c in (with_cov.get("changes") or []) if "#" not in c["id"]}),
            "misses": misses, "truthTests": truth.get("tests"), "truthPassed": truth.get("passed"),
            "truthRecordedAgain": bool(truth.get("recordedAgain")), "hitsRunBySuites": by_suites,
        }
        changed_files = sh(["git", "diff", "--name-only", prev, nxt], root).stdout.split()
        row["buildFileChanged"] = any(os.path.basename(p) in BUILD_FILES for p in changed_files)
        rows.append(row)
        print(f"{row['commit']} changed {row['changedMembers']:3d}  coverage {row['coverage']:5d}  static {row['static']:5d}  "
              f"method {row['methodOracle']:5d}  class {row['classOracle']:5d}  of {total}  [{row['coverageState']}]"
              f"{'  build file' if row['buildFileChanged'] else ''}  misses {len(misses)}"
              f"{f'  ({by_suites} hits in tests run by selected suites)' if by_suites else ''}", flush=True)
        for m in misses[:5]:
            print("   MISS", m, flush=True)
        for sc in row["staticChanges"][:3]:
            print(f"   static for {sc['id']}: {sc['reason']}", flush=True)
        sh(["git", "checkout", "-q", "--detach", nxt], root)
    n = len(rows)
    print(f"\n{n} commits, {sum(r['changedMembers'] for r in rows)} changed members, misses {sum(len(r['misses']) for r in rows)}")
    for label, part in (("all commits", rows), ("without build-file changes", [r for r in rows if not r["buildFileChanged"]])):
        if not part:
            continue
        ratio = lambda key: sum(r[key] / r["assertions"] for r in part) / len(part)
        print(f"mean selected share of assertions, {label} ({len(part)}): coverage {ratio('coverage'):.3%}  "
              f"static {ratio('static'):.3%}  method oracle {ratio('methodOracle'):.3%}  class oracle {ratio('classOracle'):.3%}")
    # Why changes went to the static graph, most frequent first: the next rules to refine.
    why = {}
    for r in rows:
        for sc in r["staticChanges"]:
            reason = sc["reason"].replace(sc["id"], "X")
            why[reason] = why.get(reason, 0) + 1
    if why:
        print("changes the record could not judge, by reason:")
        for reason, n in sorted(why.items(), key=lambda kv: -kv[1])[:10]:
            print(f"  {n:3d}  {reason}")
    if args.out:
        with open(args.out, "w") as f:
            json.dump(rows, f, indent=1)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--bin", required=True)
    p.add_argument("--root", required=True)
    p.add_argument("--from", dest="start", default="HEAD")
    p.add_argument("--commits", type=int, default=20)
    p.add_argument("--out")
    p.add_argument("--classpath", help="classpath for the coverage runs, when the build's own resolution "
                   "misses what the tests need (resources the build generates)")
    replay(p.parse_args())


if __name__ == "__main__":
    main()
