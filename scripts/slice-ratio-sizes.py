#!/usr/bin/env python3
"""Summarize how narrow assertion slices are in a project, from `assertlens slices --json`.

usage: scripts/slice-ratio-sizes.py ASSERTLENS_BINARY PROJECT_DIR

Prints the share of test methods sliced at assertion level, the mean share of a sliced
method's statements that each assertion slice holds, and the most frequent reasons
(from the units' explanations) that statements join slices.
"""
import collections
import json
import re
import subprocess
import sys


def main():
    binary, root = sys.argv[1], sys.argv[2]
    out = subprocess.run([binary, 'slices', '--json', '--root', root], capture_output=True, text=True, check=True).stdout
    units = json.loads(out)['units']
    levels = collections.defaultdict(set)
    stmts = collections.defaultdict(set)
    for u in units:
        levels[u['test']].add(u['level'])
        for r in u['statements'] or []:
            stmts[u['test']].add(tuple(r))
    sliced = [t for t, ls in levels.items() if 'assertion' in ls]
    shares = []
    reasons = collections.Counter()
    for u in units:
        if u['level'] != 'assertion' or not u['assertions']:
            continue
        total = len(stmts[u['test']]) or 1
        shares.append(len(u['statements']) / total)
        for e in u.get('explain') or []:
            w = e['why']
            if w == 'assertion':
                continue
            if w.startswith(('def-use ', 'mutates ', 'may-alias ')):
                w = w.split(' ')[0]
            reasons[re.sub(r'\(\S*\)', '()', w)] += 1
    print(json.dumps({
        'testMethods': len(levels), 'sliced': len(sliced),
        'slicedShare': round(len(sliced) / max(len(levels), 1), 3),
        'assertionSlices': len(shares),
        'meanSliceShare': round(sum(shares) / max(len(shares), 1), 3),
        'topReasons': reasons.most_common(8),
    }))


if __name__ == '__main__':
    main()
