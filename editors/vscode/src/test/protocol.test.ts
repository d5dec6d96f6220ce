// Protocol test: starts the real `assertlens serve` ($ASSERTLENS_BIN) and drives it with
// vscode-languageserver-protocol, the library VS Code's client is built on, through
// initialize → didOpen → didChange → publishDiagnostics → codeLens → showWhy → runAffected →
// undo → shutdown/exit, on a scratch copy of testdata/editors/sample.
import { strict as assert } from 'node:assert';
import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import {
  CodeLens,
  CodeLensRequest,
  CodeLensResolveRequest,
  createProtocolConnection,
  Diagnostic,
  DiagnosticSeverity,
  ExecuteCommandRequest,
  InitializeRequest,
  InitializeResult,
  ProtocolConnection,
  PublishDiagnosticsParams,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver-protocol/node';

import { summarizeRun } from '../logic/run';
import { editPosition, prepareWorkspace, Workspace } from '../testutil/fixture';

const BIN = process.env.ASSERTLENS_BIN;
const WAIT_MS = Number(process.env.ASSERTLENS_TEST_TIMEOUT_MS ?? 30000);

function uriOf(file: string): string {
  return pathToFileURL(file).toString();
}

async function waitFor<T>(what: string, probe: () => T | undefined, describeState: () => string, ms = WAIT_MS): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v !== undefined) {
      return v;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${ms} ms waiting for ${what}\n${describeState()}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

function assertlensInfo(diags: readonly Diagnostic[] | undefined): Diagnostic[] {
  return (diags ?? []).filter((d) => d.source === 'assertlens' && (d.severity === DiagnosticSeverity.Information || d.severity === DiagnosticSeverity.Hint));
}

describe('assertlens serve over LSP (vscode-languageserver-protocol)', { timeout: 180000 }, () => {
  let ws: Workspace;
  let proc: ChildProcess;
  let conn: ProtocolConnection;
  let stderr = '';
  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const published = new Map<string, PublishDiagnosticsParams>();
  const publishLog: string[] = [];
  const progress: unknown[] = [];
  const messages: string[] = [];
  let refreshes = 0;

  const state = () =>
    [
      `server exited: ${exited ? JSON.stringify(exited) : 'no'}`,
      `publishDiagnostics received (${publishLog.length}):`,
      ...publishLog.slice(-10).map((l) => '  ' + l),
      `showMessage: ${JSON.stringify(messages.slice(-5))}`,
      `server stderr (tail):\n${stderr.split('\n').slice(-25).join('\n')}`,
    ].join('\n');

  before(() => {
    assert.ok(
      BIN !== undefined && BIN !== '',
      'ASSERTLENS_BIN is not set: this test needs the real server. Run `make vscode-test`, or `go build -o /tmp/assertlens ./cmd/assertlens && ASSERTLENS_BIN=/tmp/assertlens npm test`.',
    );
    assert.ok(fs.existsSync(BIN), `ASSERTLENS_BIN=${BIN} does not exist; build it with \`make build\`.`);
    ws = prepareWorkspace();
    proc = spawn(BIN, ['serve'], {
      cwd: ws.root,
      env: { ...process.env, ASSERTLENS_CACHE_DIR: ws.cacheDir },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    proc.stderr!.setEncoding('utf8');
    proc.stderr!.on('data', (d: string) => {
      stderr += d;
      if (process.env.ASSERTLENS_TEST_VERBOSE) process.stderr.write(d);
    });
    proc.on('exit', (code, signal) => {
      exited = { code, signal };
    });
    conn = createProtocolConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
    conn.onRequest('window/workDoneProgress/create', () => null);
    conn.onRequest('client/registerCapability', () => null);
    conn.onRequest('client/unregisterCapability', () => null);
    conn.onRequest('window/showMessageRequest', () => null);
    conn.onRequest('workspace/codeLens/refresh', () => {
      refreshes++;
      return null;
    });
    conn.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) =>
      params.items.map((i) => (i.section === 'assertlens' ? settings() : null)),
    );
    conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      published.set(p.uri, p);
      publishLog.push(`${path.basename(p.uri)} v${p.version ?? '-'}: ${JSON.stringify(p.diagnostics.map((d) => [d.range.start.line + 1, d.severity, d.message]))}`);
    });
    conn.onNotification('$/progress', (p: unknown) => progress.push(p));
    conn.onNotification('window/showMessage', (p: { message: string }) => messages.push(p.message));
    conn.onNotification('window/logMessage', () => undefined);
    conn.onNotification('telemetry/event', () => undefined);
    conn.onError(([err]) => {
      stderr += `\n[client] connection error: ${err.message}`;
    });
    conn.listen();
  });

  after(async () => {
    if (proc !== undefined && exited === undefined) {
      proc.kill('SIGKILL');
    }
    conn?.dispose();
    if (ws !== undefined && !process.env.ASSERTLENS_TEST_KEEP) ws.cleanup();
  });

  const settings = () => ({ baseline: 'head', classpath: ws.classpath, extraAssertions: [], debounceMs: 50 });

  let init: InitializeResult;
  let prodUri: string;
  let testUri: string;
  let prodText: string;
  let affectedUnits: string[] = [];

  it('initializes and advertises lenses and the assertlens commands', async () => {
    const initP = conn.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      clientInfo: { name: 'assertlens-protocol-test' },
      rootUri: uriOf(ws.root),
      workspaceFolders: [{ uri: uriOf(ws.root), name: 'sample' }],
      initializationOptions: settings(),
      capabilities: {
        workspace: {
          configuration: true,
          workspaceFolders: true,
          didChangeConfiguration: { dynamicRegistration: false },
          didChangeWatchedFiles: { dynamicRegistration: true },
          executeCommand: { dynamicRegistration: false },
          codeLens: { refreshSupport: true },
        },
        textDocument: {
          synchronization: { didSave: true, dynamicRegistration: false },
          codeLens: { dynamicRegistration: false },
          publishDiagnostics: { relatedInformation: true, versionSupport: true, dataSupport: true },
        },
        window: { workDoneProgress: true, showMessage: {} },
        general: { positionEncodings: ['utf-16'] },
      },
    });
    const exitedEarly = new Promise<never>((_, reject) => {
      const t = setInterval(() => {
        if (exited !== undefined) {
          clearInterval(t);
          reject(new Error(`\`${BIN} serve\` exited (${JSON.stringify(exited)}) before answering initialize: does this build implement \`serve\`?\n${state()}`));
        }
      }, 50);
      void initP.finally(() => clearInterval(t));
    });
    init = await Promise.race([initP, exitedEarly]);
    const caps = init.capabilities;
    assert.ok(caps.codeLensProvider, `no codeLensProvider in ${JSON.stringify(caps)}`);
    assert.equal(caps.codeLensProvider?.resolveProvider, true, 'code lenses should resolve lazily');
    const cmds = caps.executeCommandProvider?.commands ?? [];
    for (const c of ['assertlens.runAffected', 'assertlens.runUnits', 'assertlens.showWhy', 'assertlens.reindex', 'assertlens.recordCoverage']) {
      assert.ok(cmds.includes(c), `executeCommandProvider lacks ${c}: ${JSON.stringify(cmds)}`);
    }
    const sync = caps.textDocumentSync;
    const change = typeof sync === 'number' ? sync : sync?.change;
    assert.equal(change, 2, `expected incremental sync, got ${JSON.stringify(sync)}`);
    await conn.sendNotification('initialized', {});
    await conn.sendNotification('workspace/didChangeConfiguration', { settings: { assertlens: settings() } });
  });

  it('opens the production and test files without affected assertions', async () => {
    const prodFile = path.join(ws.root, ws.expect.edit.file);
    const testFile = path.join(ws.root, ws.expect.affected.file);
    prodUri = uriOf(prodFile);
    testUri = uriOf(testFile);
    prodText = fs.readFileSync(prodFile, 'utf8');
    await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: prodUri, languageId: 'java', version: 1, text: prodText } });
    await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: testUri, languageId: 'java', version: 1, text: fs.readFileSync(testFile, 'utf8') } });
    // Nothing differs from HEAD: whatever arrives must not mark assertions. Give the index time.
    const lens = await conn.sendRequest(CodeLensRequest.type, { textDocument: { uri: prodUri } });
    assert.ok(Array.isArray(lens) || lens === null, 'codeLens answers a list');
    await new Promise((r) => setTimeout(r, 500));
    for (const [uri, p] of published) {
      assert.deepEqual(assertlensInfo(p.diagnostics), [], `no edit yet, but ${uri} has assertlens diagnostics\n${state()}`);
    }
  });

  it('publishes Information diagnostics exactly on the affected assertions after an unsaved edit', async () => {
    const pos = editPosition(prodText, ws.expect.edit);
    await conn.sendNotification('textDocument/didChange', {
      textDocument: { uri: prodUri, version: 2 },
      contentChanges: [{ range: { start: pos, end: { line: pos.line, character: pos.character + ws.expect.edit.find.length } }, text: ws.expect.edit.replace }],
    });
    const expected = ws.expect.affected.lines;
    const diags = await waitFor(
      `assertlens diagnostics on lines ${expected} of ${ws.expect.affected.file}`,
      () => {
        const got = assertlensInfo(published.get(testUri)?.diagnostics);
        return got.length >= expected.length ? got : undefined;
      },
      state,
    );
    await new Promise((r) => setTimeout(r, 300)); // a late, different publish would be a bug too
    const final = assertlensInfo(published.get(testUri)?.diagnostics);
    assert.deepEqual(final.map((d) => d.range.start.line + 1).sort((a, b) => a - b), expected, `affected lines\n${state()}`);
    assert.equal(diags.length, expected.length);
    for (const d of final) {
      assert.equal(d.severity, DiagnosticSeverity.Information);
      assert.ok(d.message.includes(ws.expect.affected.messageContains), `message "${d.message}" should name the edited member`);
      const unit = (d.data as { unit?: unknown } | undefined)?.unit;
      assert.equal(typeof unit, 'string', `diagnostic data ${JSON.stringify(d.data)} should hold {"unit": id}`);
      assert.ok(ws.expect.affected.units.includes(unit as string), `unexpected unit ${unit}`);
    }
    affectedUnits = final.map((d) => (d.data as { unit: string }).unit);
    for (const [uri, p] of published) {
      if (uri !== testUri) {
        assert.deepEqual(assertlensInfo(p.diagnostics), [], `only the affected assertions should be marked, but ${uri} has some`);
      }
    }
  });

  it('shows code lenses on the edited member and on the affected test', async () => {
    const resolveAll = async (uri: string): Promise<CodeLens[]> => {
      const lenses = (await conn.sendRequest(CodeLensRequest.type, { textDocument: { uri } })) ?? [];
      return Promise.all(lenses.map((l) => (l.command ? l : conn.sendRequest(CodeLensResolveRequest.type, l))));
    };
    const prod = await resolveAll(prodUri);
    const editLine = ws.expect.edit.line - 1;
    const onNegate = prod.filter((l) => l.range.start.line <= editLine && l.range.end.line >= editLine - 2);
    assert.ok(onNegate.length > 0, `no lens near the edited method (line ${editLine + 1}): ${JSON.stringify(prod)}`);
    for (const l of onNegate) {
      assert.ok(l.command && l.command.title !== '', `lens not resolved: ${JSON.stringify(l)}`);
      assert.match(l.command!.command, /^assertlens\./);
    }
    assert.ok(onNegate.some((l) => /affect/i.test(l.command!.title)), `lens titles: ${JSON.stringify(onNegate.map((l) => l.command?.title))}`);
    const tests = await resolveAll(testUri);
    const first = Math.min(...ws.expect.affected.lines) - 1;
    assert.ok(
      tests.some((l) => l.range.start.line < first && l.command !== undefined),
      `no lens on the affected test method: ${JSON.stringify(tests)}`,
    );
  });

  it('explains a selection with assertlens.showWhy', async () => {
    assert.ok(affectedUnits.length > 0, 'no affected unit to ask about: the diagnostics step failed');
    const why = await conn.sendRequest(ExecuteCommandRequest.type, { command: 'assertlens.showWhy', arguments: [affectedUnits[0]] });
    const text = typeof why === 'string' ? why : JSON.stringify(why);
    assert.ok(text.includes(ws.expect.affected.messageContains), `showWhy(${affectedUnits[0]}) = ${text}`);
  });

  it('clears the affected diagnostics when the edit is undone, and marks them again on redo', async () => {
    const pos = editPosition(prodText, ws.expect.edit);
    const publishes = () => publishLog.filter((l) => l.startsWith(path.basename(testUri))).length;
    const before = publishes();
    await conn.sendNotification('textDocument/didChange', {
      textDocument: { uri: prodUri, version: 3 },
      contentChanges: [{ range: { start: pos, end: { line: pos.line, character: pos.character + ws.expect.edit.replace.length } }, text: ws.expect.edit.find }],
    });
    await waitFor(
      'affected diagnostics to be cleared after the undo',
      () => (publishes() > before && assertlensInfo(published.get(testUri)?.diagnostics).length === 0 ? true : undefined),
      state,
    );
    await conn.sendNotification('textDocument/didChange', {
      textDocument: { uri: prodUri, version: 4 },
      contentChanges: [{ range: { start: pos, end: { line: pos.line, character: pos.character + ws.expect.edit.find.length } }, text: ws.expect.edit.replace }],
    });
    const lines = await waitFor(
      'affected diagnostics to come back after the redo',
      () => {
        const got = assertlensInfo(published.get(testUri)?.diagnostics).map((d) => d.range.start.line + 1).sort((a, b) => a - b);
        return got.length >= ws.expect.affected.lines.length ? got : undefined;
      },
      state,
    );
    assert.deepEqual(lines, ws.expect.affected.lines);
  });

  it('answers assertlens.runAffected with a run result', async (t) => {
    // The server always runs: any error, "not available" included, fails this test.
    const result: unknown = await conn.sendRequest(ExecuteCommandRequest.type, { command: 'assertlens.runAffected', arguments: [] });
    const s = summarizeRun(result);
    t.diagnostic(`runAffected: ${s.text}`);
    assert.ok(s.outcome === 'failed' || s.outcome === 'passed', `run result not understood: ${JSON.stringify(result)}`);
    assert.equal(s.selected, ws.expect.affected.units.length, `ran ${JSON.stringify(result)}`);
    // The edit drops a minus sign: exactly the expected assertion fails, and is marked as an Error.
    assert.equal(s.failed + s.errors, ws.expect.failsAfterEdit.length, `run result ${JSON.stringify(result)}`);
    const failedLines = await waitFor(
      'Error diagnostics on the failed assertions',
      () => {
        const errs = (published.get(testUri)?.diagnostics ?? []).filter((d) => d.source === 'assertlens' && d.severity === DiagnosticSeverity.Error);
        return errs.length > 0 ? errs.map((d) => d.range.start.line + 1).sort((a, b) => a - b) : undefined;
      },
      state,
    );
    assert.deepEqual(failedLines, ws.expect.failsAfterEdit);
  });

  it('shuts down and exits with code 0', async () => {
    await conn.sendRequest(ShutdownRequest.type);
    await conn.sendNotification('exit');
    await waitFor('the server to exit', () => exited, state, 10000);
    assert.deepEqual(exited, { code: 0, signal: null }, state());
    if (refreshes > 0 || progress.length > 0) {
      // Informational: the server used codeLens/refresh and work-done progress.
    }
  });
});
