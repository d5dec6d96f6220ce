#!/usr/bin/env python3
"""Sample one-method body edits in a scratch copy of a Java project and compare how many
assertions assertion-level selection picks against method-level selection.

usage: scripts/slice-ratio.py ASSERTLENS_BINARY PROJECT_DIR [SAMPLES] [SEED]

PROJECT_DIR must be a git checkout used only for this (each edit is undone with
git checkout). Prints one JSON line per sampled member and a summary line.
"""
import json
import os
import random
import re
import subprocess
import sys

METHOD = re.compile(r'\n[ \t]+(?:public|protected|private|static|final|synchronized|\s)*[\w<>\[\], ?]+\s+(\w+)\s*\([^;{)]*\)\s*(?:throws [\w., ]+)?\s*\{')


SKIP = {'if', 'for', 'while', 'switch', 'catch', 'synchronized', 'try', 'return', 'new', 'else', 'do'}


def select(binary, root, level):
    out = subprocess.run([binary, 'select', '--json', '--root', root, '--level', level],
                         capture_output=True, text=True, check=True).stdout
    res = json.loads(out)
    return res['totals']['selectedAssertions'], res['totals'].get('assertions', 0)


def main():
    binary, root = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    samples = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 1)
    files = []
    for d, _, names in os.walk(root):
        if '/src/main/java' in d + '/' and '/.git' not in d:
            files += [os.path.join(d, n) for n in names if n.endswith('.java')]
    files.sort()
    ratios, both = [], 0
    for _ in range(samples * 5):
        if both >= samples:
            break
        path = rng.choice(files)
        src = open(path, encoding='utf-8').read()
        ms = [m for m in METHOD.finditer(src) if m.group(1) not in SKIP]
        if not ms:
            continue
        m = rng.choice(ms)
        edited = src[:m.end()] + ' int sliceRatioProbe = 0; ' + src[m.end():]
        open(path, 'w', encoding='utf-8').write(edited)
        try:
            a, _ = select(binary, root, 'assertion')
            me, _ = select(binary, root, 'method')
        except subprocess.CalledProcessError as e:
            print(json.dumps({'member': m.group(1), 'error': e.stderr[-300:]}), file=sys.stderr)
            continue
        finally:
            subprocess.run(['git', '-C', root, 'checkout', '--', path], check=True)
        rel = os.path.relpath(path, root)
        print(json.dumps({'file': rel, 'method': m.group(1), 'assertion': a, 'method_level': me}))
        if a > 0 and me > 0:
            both += 1
            ratios.append(a / me)
    if ratios:
        print(json.dumps({'members': len(ratios), 'mean_ratio': round(sum(ratios) / len(ratios), 3),
                          'min': round(min(ratios), 3), 'max': round(max(ratios), 3)}))


if __name__ == '__main__':
    main()
