// Unit tests of the extension's own logic (no VS Code needed): node --test.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';

import { collectUnitIds, countDiagnostics, countsFromStatus, DiagnosticLike, unitAtLine, unitOf } from '../logic/diagnostics';
import { describeStartFailure, RestartPolicy, Tail } from '../logic/start';
import { combineOutcomes, describeUnit, describeUnits, parseTests, runOutcomes } from '../logic/tests';
import { ProgressTracker } from '../logic/progress';
import { summarizeRun, summarizeRunError, whyText } from '../logic/run';
import { didChangeConfigurationParams, resolveServerCommand, substituteVariables, toServerSettings } from '../logic/settings';
import { affectedText, statusView } from '../logic/status';

function diag(line: number, unit?: string, severity: DiagnosticLike['severity'] = 'information', source = 'assertlens'): DiagnosticLike {
  return { source, severity, message: 'affected by your edit', startLine: line, endLine: line, data: unit === undefined ? undefined : { unit } };
}

describe('settings → initializationOptions', () => {
  it('passes well-formed settings through', () => {
    const cfg: Record<string, unknown> = { baseline: 'saved', classpath: ['lib/a.jar', 'lib/b.jar'], extraAssertions: ['checkInvariant'], debounceMs: 150, recordCoverageOnRun: true, recordCoverageOnSave: true };
    assert.deepEqual(toServerSettings((k) => cfg[k]), { baseline: 'saved', classpath: ['lib/a.jar', 'lib/b.jar'], extraAssertions: ['checkInvariant'], debounceMs: 150, recordCoverageOnRun: true, recordCoverageOnSave: true });
  });
  it('falls back on defaults for malformed values', () => {
    const cfg: Record<string, unknown> = { baseline: 'yesterday', classpath: 'a.jar', extraAssertions: [1, '', ' x ', 'x'], debounceMs: -3, recordCoverageOnRun: 'yes' };
    assert.deepEqual(toServerSettings((k) => cfg[k]), { baseline: 'head', classpath: [], extraAssertions: ['x'], recordCoverageOnRun: false, recordCoverageOnSave: false });
  });
  it('accepts every baseline of the contract', () => {
    for (const b of ['head', 'saved', 'lastRun']) {
      assert.equal(toServerSettings((k) => (k === 'baseline' ? b : undefined)).baseline, b);
    }
  });
  it('substitutes variables in classpath entries', () => {
    const s = toServerSettings((k) => (k === 'classpath' ? ['${workspaceFolder}/lib/x.jar', '~/m2/y.jar'] : undefined), (p) => substituteVariables(p, '/ws', '/home/u'));
    assert.deepEqual(s.classpath, ['/ws/lib/x.jar', '/home/u/m2/y.jar']);
  });
  it('wraps settings in the "assertlens" section for didChangeConfiguration', () => {
    const s = toServerSettings(() => undefined);
    assert.deepEqual(didChangeConfigurationParams(s), { settings: { assertlens: { baseline: 'head', classpath: [], extraAssertions: [], recordCoverageOnRun: false, recordCoverageOnSave: false } } });
  });
  it('resolves the server path', () => {
    assert.equal(resolveServerCommand(undefined, '/ws', '/home/u'), 'assertlens');
    assert.equal(resolveServerCommand('', '/ws', '/home/u'), 'assertlens');
    assert.equal(resolveServerCommand('/opt/bin/assertlens', '/ws', '/home/u'), '/opt/bin/assertlens');
    assert.equal(resolveServerCommand('./bin/assertlens', '/ws/', '/home/u'), '/ws/bin/assertlens');
    assert.equal(resolveServerCommand('~/go/bin/assertlens', '/ws', '/home/u'), '/home/u/go/bin/assertlens');
    assert.equal(resolveServerCommand('${workspaceFolder}/bin/assertlens', '/ws', '/home/u'), '/ws/bin/assertlens');
  });
});

describe('diagnostics', () => {
  it('reads the unit id from data', () => {
    assert.equal(unitOf(diag(3, 'a.BTest#t:4')), 'a.BTest#t:4');
    assert.equal(unitOf(diag(3)), undefined);
    assert.equal(unitOf({ ...diag(3), data: 'a.BTest#t:4' }), undefined);
    assert.equal(unitOf({ ...diag(3), data: { unit: 7 } }), undefined);
  });
  it('counts affected assertions across files, once per unit, ignoring other sources', () => {
    const counts = countDiagnostics([
      ['file:///A.java', [diag(13, 'p.ATest#t:14'), diag(14, 'p.ATest#t:15'), diag(14, 'p.ATest#t:15'), diag(1, undefined, 'error', 'javac')]],
      ['file:///B.java', [diag(3, 'p.BTest#u'), diag(9, undefined, 'hint'), diag(5, 'p.BTest#v:6', 'error')]],
      ['file:///C.java', []],
    ]);
    // The failed unit (an Error) is still affected, as the lenses count it.
    assert.deepEqual(counts, { affected: 5, failed: 1, files: 2 });
  });
  it('collects unit ids of a file in line order without duplicates', () => {
    const ids = collectUnitIds([diag(20, 'p.T#b:21'), diag(5, 'p.T#a:6'), diag(20, 'p.T#b:21'), diag(7), diag(9, 'x', 'information', 'java'), diag(30, 'p.T#c:31', 'error')]);
    assert.deepEqual(ids, ['p.T#a:6', 'p.T#b:21', 'p.T#c:31']);
  });
  it('finds the unit under the cursor, else the nearest', () => {
    const ds = [diag(5, 'p.T#a:6'), { ...diag(10, 'p.T#m'), endLine: 14 }, diag(30, 'p.T#c:31')];
    assert.equal(unitAtLine(ds, 5), 'p.T#a:6');
    assert.equal(unitAtLine(ds, 12), 'p.T#m');
    assert.equal(unitAtLine(ds, 25), 'p.T#c:31');
    assert.equal(unitAtLine([], 25), undefined);
    assert.equal(unitAtLine([diag(3, 'z', 'information', 'other')], 3), undefined);
  });
});

describe('status bar', () => {
  const none = { affected: 0, failed: 0, files: 0 };
  it('shows the affected count with the beaker, click runs affected', () => {
    const v = statusView({ server: 'running', counts: { affected: 3, failed: 0, files: 2 } });
    assert.equal(v.text, '$(beaker) 3 assertions affected');
    assert.equal(v.command, 'assertlens.runAffected');
    assert.match(v.tooltip, /in 2 files/);
    assert.equal(affectedText(1), '1 assertion affected');
    assert.equal(affectedText(0), 'no assertions affected');
  });
  it('spins while progress is active', () => {
    const v = statusView({ server: 'running', counts: none, progress: { title: 'Indexing', percentage: 42.4 } });
    assert.equal(v.text, '$(sync~spin) assertlens: Indexing 42%');
  });
  it('shows the failed and passed counts the lenses show', () => {
    const ok = statusView({ server: 'running', counts: { affected: 2, failed: 0, passed: 2 }, lastRun: summarizeRun({ units: [], totals: { selected: 2, passed: 2, failed: 0, errors: 0, skipped: 0 } }) });
    assert.equal(ok.text, '$(beaker) 2 assertions affected · $(check) 2 passed');
    // The lens of this state reads "1 of 1 assertions affected · ✗ 1 failed ▸ run".
    const bad = statusView({ server: 'running', counts: countsFromStatus({ assertions: 1, tests: 1, failed: 1, passed: 0 })!, lastRun: summarizeRun({ totals: { selected: 1, passed: 0, failed: 1 } }) });
    assert.equal(bad.text, '$(beaker) 1 assertion affected · $(x) 1 failed');
    assert.match(bad.tooltip, /last run: 1 of 1 failed/);
    assert.equal(countsFromStatus({ tests: 1 }), undefined);
  });
  it('shows the coverage record state the server reports', () => {
    const fresh = statusView({ server: 'running', counts: countsFromStatus({ assertions: 2, tests: 1, failed: 0, passed: 0, coverage: 'fresh' })! });
    assert.equal(fresh.text, '$(beaker) 2 assertions affected · coverage fresh');
    assert.match(fresh.tooltip, /coverage: fresh/);
    const stale = statusView({ server: 'running', counts: countsFromStatus({ assertions: 0, tests: 0, coverage: '3 tests stale' })! });
    assert.equal(stale.text, '$(beaker) no assertions affected · coverage 3 tests stale');
    const none = statusView({ server: 'running', counts: countsFromStatus({ assertions: 0, tests: 0, coverage: 'none' })! });
    assert.equal(none.text, '$(beaker) no assertions affected');
    assert.match(none.tooltip, /coverage: none/);
    assert.equal(countsFromStatus('x'), undefined);
  });
  it('says when the server failed to start', () => {
    const v = statusView({ server: 'failed', serverError: 'spawn assertlens ENOENT', counts: none });
    assert.equal(v.text, '$(error) assertlens');
    assert.equal(v.command, 'assertlens.showOutput');
    assert.match(v.tooltip, /ENOENT/);
  });
});

describe('progress tracking', () => {
  it('tracks begin/report/end per token', () => {
    const p = new ProgressTracker();
    assert.equal(p.current(), undefined);
    assert.equal(p.update(1, { kind: 'begin', title: 'Indexing' }), true);
    assert.equal(p.update('run', { kind: 'begin', title: 'Running', percentage: 0 }), true);
    assert.deepEqual(p.current(), { title: 'Running', message: undefined, percentage: 0 });
    assert.equal(p.update('run', { kind: 'report', percentage: 50, message: '1/2' }), true);
    assert.deepEqual(p.current(), { title: 'Running', message: '1/2', percentage: 50 });
    p.update('run', { kind: 'end' });
    assert.equal(p.current()?.title, 'Indexing');
    p.update(1, { kind: 'end' });
    assert.equal(p.current(), undefined);
    assert.equal(p.update('unknown', { kind: 'end' }), false);
  });
});

describe('run results', () => {
  it('summarizes a RunResult', () => {
    const s = summarizeRun({
      units: [
        { id: 'p.T#a:6', status: 'passed' },
        { id: 'p.T#b:7', status: 'failed', message: 'expected: <-2.0> but was: <2.0>' },
      ],
      totals: { selected: 2, passed: 1, failed: 1, errors: 0, skipped: 0 },
    });
    assert.equal(s.outcome, 'failed');
    assert.equal(s.text, 'assertlens: 1 of 2 failed');
    assert.deepEqual(s.failures, ['p.T#b:7: expected: <-2.0> but was: <2.0>']);
  });
  it('counts units when totals are missing, and unwraps {result}', () => {
    const s = summarizeRun({ result: { units: [{ id: 'a', status: 'passed' }, { id: 'b', status: 'skipped' }] } });
    assert.equal(s.outcome, 'passed');
    assert.equal(s.text, 'assertlens: 1 of 2 passed, 1 skipped');
  });
  it('reports an empty selection and compile errors', () => {
    assert.equal(summarizeRun({ units: [], totals: { selected: 0 } }).outcome, 'empty');
    const c = summarizeRun({ units: [], totals: { selected: 1 }, compileErrors: [{ file: 'A.java' }] });
    assert.equal(c.outcome, 'failed');
    assert.match(c.text, /1 compile error$/);
  });
  it('tells "not available yet" from other errors', () => {
    assert.equal(summarizeRunError(new Error('running is not available yet')).outcome, 'unavailable');
    assert.equal(summarizeRunError({ code: -32603, message: 'assertlens.runAffected: not available yet' }).outcome, 'unavailable');
    assert.equal(summarizeRunError(new Error('javac not found')).outcome, 'error');
  });
  it('does not pretend to understand odd answers', () => {
    assert.equal(summarizeRun(null).outcome, 'unknown');
    assert.equal(summarizeRun({ ok: true }).outcome, 'unknown');
  });
  it('renders showWhy answers', () => {
    assert.equal(whyText('edit to Complex#negate()'), 'edit to Complex#negate()');
    assert.equal(whyText({ text: 'x' }), 'x');
    assert.equal(whyText({ via: ['a', 'b'] }), 'a\n  → b');
  });
});

describe('server start failures', () => {
  it('blames assertlens.path only when the binary cannot be run', () => {
    const missing = describeStartFailure('/opt/assertlens', new Error('Launching server using command /opt/assertlens failed. Error: spawn /opt/assertlens ENOENT'), '');
    assert.equal(missing.pathProblem, true);
    assert.match(missing.message, /was not found.*assertlens\.path/);
    const denied = describeStartFailure('/opt/assertlens', new Error('spawn /opt/assertlens EACCES'), '');
    assert.equal(denied.pathProblem, true);
    assert.match(denied.message, /could not be executed/);
  });
  it('reports what the server said when it started and stopped', () => {
    const tail = new Tail(80);
    tail.append('flag provided but not defined: -stdio\nusage: assertlens serve [flags]\n');
    const f = describeStartFailure('assertlens', new Error('Pending response rejected since connection got disposed'), tail.value());
    assert.equal(f.pathProblem, false);
    assert.match(f.message, /started but stopped: flag provided but not defined: -stdio \| usage: assertlens serve/);
    assert.doesNotMatch(f.message, /assertlens\.path/);
    assert.match(describeStartFailure('assertlens', new Error('connection closed'), '').message, /connection closed/);
  });
  it('waits for the server to say something, boundedly', async () => {
    const t = new Tail();
    const waiting = t.settled(60_000);
    t.append('boom\n');
    await waiting; // resolved by the write, not the timer
    assert.equal(t.value(), 'boom\n');
    await t.settled(60_000); // already has text
  });
  it('never restarts a server that never ran, and a crashing one only a few times', () => {
    const p = new RestartPolicy(2, 1000);
    assert.equal(p.shouldRestart(false, 0), false);
    assert.equal(p.shouldRestart(true, 0), true);
    assert.equal(p.shouldRestart(true, 10), true);
    assert.equal(p.shouldRestart(true, 20), false);
    assert.equal(p.shouldRestart(true, 2000), true); // the window moved on
  });
  it('keeps only the tail', () => {
    const t = new Tail(5);
    t.append('abc');
    t.append('defg');
    assert.equal(t.value(), 'cdefg');
  });
});

describe('test tree', () => {
  const answer = {
    uri: 'file:///ws/src/test/java/demo/ComplexTest.java',
    classes: [{
      id: 'demo.ComplexTest', label: 'ComplexTest', range: { start: { line: 6 }, end: { line: 6 } },
      tests: [{
        id: 'demo.ComplexTest#testNegate', label: 'testNegate', range: { start: { line: 9 }, end: { line: 9 } },
        units: [
          { id: 'demo.ComplexTest#testNegate:12', label: 'line 12', level: 'assertion', range: { start: { line: 11 }, end: { line: 11 } }, assertions: 1, affected: false },
          { id: 'demo.ComplexTest#testNegate:14', label: 'line 14', level: 'assertion', range: { start: { line: 13 }, end: { line: 13 } }, assertions: 1, affected: true, because: ['demo.Complex#negate()'] },
          { id: 'demo.ComplexTest#testNegate:15', label: 'line 15', level: 'assertion', range: { start: { line: 14 }, end: { line: 14 } }, assertions: 1, affected: true, because: ['recently-failed'], status: 'failed', expected: '-2.0', actual: '2.0' },
          { label: 'no id: dropped' },
        ],
      }, { label: 'no id: dropped' }],
    }, 'junk'],
  };
  it('reads classes → methods → units and drops malformed entries', () => {
    const classes = parseTests(answer);
    assert.equal(classes.length, 1);
    assert.equal(classes[0].tests.length, 1);
    const units = classes[0].tests[0].units;
    assert.deepEqual(units.map((u) => u.id), ['demo.ComplexTest#testNegate:12', 'demo.ComplexTest#testNegate:14', 'demo.ComplexTest#testNegate:15']);
    assert.deepEqual(units[2].range, { startLine: 14, endLine: 14 });
    assert.equal(units[2].expected, '-2.0');
    assert.deepEqual(parseTests(null), []);
  });
  it('describes what is affected', () => {
    const units = parseTests(answer)[0].tests[0].units;
    assert.equal(describeUnits(units), '2 of 3 assertions affected');
    assert.equal(describeUnits(units.slice(0, 1)), '1 assertion');
    assert.equal(describeUnit(units[1]), 'affected by Complex#negate()');
    assert.equal(describeUnit(units[2]), 'affected by failed recently');
    assert.equal(describeUnit(units[0]), '');
  });
  it('reads run outcomes and combines them per test', () => {
    const outcomes = runOutcomes({ units: [
      { id: 'a#t:1', test: 'a#t', status: 'passed', line: 1 },
      { id: 'a#t:2', test: 'a#t', status: 'failed', message: 'expected: <4> but was: <5>', expected: '4', actual: '5', line: 2 },
      { status: 'failed' },
    ] });
    assert.equal(outcomes.size, 2);
    assert.equal(outcomes.get('a#t:2')?.expected, '4');
    assert.equal(combineOutcomes([outcomes.get('a#t:1'), outcomes.get('a#t:2')]), 'failed');
    assert.equal(combineOutcomes([outcomes.get('a#t:1'), undefined]), 'passed');
    assert.equal(combineOutcomes([undefined]), undefined);
  });
});
