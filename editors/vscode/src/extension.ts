// The VS Code face of assertlens: starts `assertlens serve`, forwards settings, shows a status
// bar item, and wires the palette and lens commands. All decisions that can be made without
// VS Code live in ./logic and are unit-tested there.

import * as os from 'os';
import * as vscode from 'vscode';
import {
  ClientCapabilities,
  CloseAction,
  ErrorAction,
  ExecuteCommandRequest,
  FeatureState,
  LanguageClient,
  LanguageClientOptions,
  RevealOutputChannelOn,
  ServerOptions,
  State,
  StaticFeature,
  TransportKind,
} from 'vscode-languageclient/node';

import { collectUnitIds, countDiagnostics, Counts, countsFromStatus, DiagnosticLike, Severity, SOURCE, unitAtLine } from './logic/diagnostics';
import { ProgressTracker, ProgressValue } from './logic/progress';
import { RunSummary, summarizeRun, summarizeRunError, whyText } from './logic/run';
import { didChangeConfigurationParams, needsRestart, resolveServerCommand, substituteVariables, toServerSettings } from './logic/settings';
import { describeStartFailure, RestartPolicy, Tail } from './logic/start';
import { ServerState, statusView } from './logic/status';
import { AssertlensTests } from './testing';

/** Commands the server executes (listed in its executeCommandProvider). */
const SERVER_COMMANDS = ['assertlens.runAffected', 'assertlens.runUnits', 'assertlens.showWhy', 'assertlens.reindex', 'assertlens.recordCoverage'];
const RUN_COMMANDS = new Set(['assertlens.runAffected', 'assertlens.runUnits']);

let client: LanguageClient | undefined;
let output: vscode.OutputChannel;
let statusItem: vscode.StatusBarItem;
const progress = new ProgressTracker();
let serverState: ServerState = 'starting';
let serverError: string | undefined;
let lastRun: RunSummary | undefined;
/** The counts of the server's last assertlens/status notification: what the lenses show. */
let serverCounts: Counts | undefined;
/** The last lines the server wrote to stderr: the real reason when it stops. */
const stderrTail = new Tail();
/** True while the extension itself stops the server (restart, deactivate). */
let stopping = false;
/** True once the current client reached Running: only then is a closed connection a crash worth restarting. */
let everRan = false;
let tests: AssertlensTests | undefined;
const restarts = new RestartPolicy();
/** Fallback registrations for server commands the server did not list (or when it is down). */
let fallbackCommands: vscode.Disposable[] = [];

function workspaceFolderPath(): string | undefined {
  return vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
}

function currentSettings() {
  const cfg = vscode.workspace.getConfiguration('assertlens');
  const folder = workspaceFolderPath();
  return toServerSettings((key) => cfg.get(key), (s) => substituteVariables(s, folder, os.homedir()));
}

function toSeverity(s: vscode.DiagnosticSeverity): Severity {
  switch (s) {
    case vscode.DiagnosticSeverity.Error: return 'error';
    case vscode.DiagnosticSeverity.Warning: return 'warning';
    case vscode.DiagnosticSeverity.Information: return 'information';
    default: return 'hint';
  }
}

function toLike(d: vscode.Diagnostic): DiagnosticLike {
  return {
    source: d.source,
    severity: toSeverity(d.severity),
    message: d.message,
    startLine: d.range.start.line,
    endLine: d.range.end.line,
    // vscode-languageclient keeps the LSP diagnostic's data on its ProtocolDiagnostic subclass.
    data: (d as vscode.Diagnostic & { data?: unknown }).data,
  };
}

function assertlensDiagnostics(uri: vscode.Uri): DiagnosticLike[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === SOURCE).map(toLike);
}

function updateStatus(): void {
  const byFile: [string, DiagnosticLike[]][] = vscode.languages
    .getDiagnostics()
    .map(([uri, diags]) => [uri.toString(), diags.filter((d) => d.source === SOURCE).map(toLike)] as [string, DiagnosticLike[]])
    .filter(([, diags]) => diags.length > 0);
  const counts = serverCounts ?? countDiagnostics(byFile);
  const view = statusView({ server: serverState, serverError, counts, progress: progress.current(), lastRun });
  statusItem.text = view.text;
  statusItem.tooltip = view.tooltip;
  statusItem.command = view.command;
  statusItem.show();
}

/**
 * Every server command goes through here, whether it comes from the palette, a lens, the
 * status bar or another command: fills missing arguments, reports results.
 */
async function handleServerCommand(command: string, args: unknown[], send: (command: string, args: unknown[]) => Promise<unknown>): Promise<unknown> {
  if (command === 'assertlens.showWhy' && (args.length === 0 || typeof args[0] !== 'string')) {
    const unit = unitUnderCursor();
    if (unit === undefined) {
      void vscode.window.showInformationMessage('assertlens: no affected assertion here. Put the cursor on a line marked by assertlens.');
      return undefined;
    }
    args = [unit];
  }
  if (RUN_COMMANDS.has(command)) {
    return vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'assertlens: running' }, async () => {
      let summary: RunSummary;
      let result: unknown;
      try {
        result = await send(command, args);
        summary = summarizeRun(result);
        tests?.reportRun(result);
      } catch (err) {
        summary = summarizeRunError(err);
      }
      reportRun(summary);
      return result;
    });
  }
  try {
    const result = await send(command, args);
    if (command === 'assertlens.showWhy') {
      showWhy(String(args[0]), whyText(result));
    } else if (command === 'assertlens.reindex') {
      void vscode.window.setStatusBarMessage('assertlens: re-indexing…', 3000);
    } else if (command === 'assertlens.recordCoverage') {
      output.appendLine(`assertlens: coverage recorded: ${JSON.stringify(result)}`);
    }
    return result;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    void vscode.window.showErrorMessage(`assertlens: ${command.replace('assertlens.', '')} failed: ${message}`);
    return undefined;
  }
}

function reportRun(summary: RunSummary): void {
  output.appendLine(summary.text);
  for (const f of summary.failures) {
    output.appendLine(`  ✗ ${f}`);
  }
  if (summary.outcome === 'passed' || summary.outcome === 'failed') {
    lastRun = summary;
    updateStatus();
  }
  switch (summary.outcome) {
    case 'failed':
      void vscode.window.showErrorMessage(summary.text, 'Show Output').then((c) => c && output.show(true));
      break;
    case 'error':
      void vscode.window.showErrorMessage(summary.text);
      break;
    case 'unavailable':
    case 'unknown':
      void vscode.window.showWarningMessage(summary.text);
      break;
    default:
      void vscode.window.showInformationMessage(summary.text);
  }
}

function showWhy(unit: string, text: string): void {
  output.appendLine(`Why ${unit}:`);
  output.appendLine(text);
  output.show(true);
  void vscode.window.showInformationMessage(`${unit}: ${text.split('\n')[0]}`);
}

function unitUnderCursor(): string | undefined {
  const editor = vscode.window.activeTextEditor;
  if (editor === undefined) {
    return undefined;
  }
  return unitAtLine(assertlensDiagnostics(editor.document.uri), editor.selection.active.line);
}

async function sendToServer(command: string, args: unknown[]): Promise<unknown> {
  if (client === undefined || !client.isRunning()) {
    throw new Error(`the assertlens server is not running${serverError ? ` (${serverError})` : ''}`);
  }
  return client.sendRequest(ExecuteCommandRequest.type, { command, arguments: args });
}

async function runFile(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (editor === undefined) {
    void vscode.window.showInformationMessage('assertlens: open a Java file first.');
    return;
  }
  const units = collectUnitIds(assertlensDiagnostics(editor.document.uri));
  if (units.length === 0) {
    void vscode.window.showInformationMessage('assertlens: no affected assertions in this file.');
    return;
  }
  await vscode.commands.executeCommand('assertlens.runUnits', ...units);
}

/** Announces the assertlens client extensions to the server (experimental capabilities). */
class AssertlensCapabilities implements StaticFeature {
  fillClientCapabilities(capabilities: ClientCapabilities): void {
    capabilities.experimental = {
      ...(capabilities.experimental as object | undefined),
      // status: send assertlens/status; showsResults: this client reports run results and
      // show-why itself, so the server does not pop them up a second time.
      assertlens: { status: true, showsResults: true },
    };
  }
  initialize(): void {}
  getState(): FeatureState {
    return { kind: 'static' };
  }
  clear(): void {}
}

/** The output channel as the client sees it: server stderr (append) is also kept in a tail. */
function serverOutputChannel(): vscode.OutputChannel {
  return new Proxy(output, {
    get(target, prop) {
      if (prop === 'append') {
        return (s: string) => {
          stderrTail.append(s);
          target.append(s);
        };
      }
      const v = (target as unknown as Record<string | symbol, unknown>)[prop];
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

/** Which settings scope a value of ours comes from, for the log: a misplaced setting is a common start-up problem. */
function settingSource(key: string): string {
  const i = vscode.workspace.getConfiguration('assertlens').inspect(key);
  if (i?.workspaceFolderValue !== undefined) return 'from folder settings';
  if (i?.workspaceValue !== undefined) return 'from workspace settings';
  if (i?.globalValue !== undefined) return 'from user settings';
  return 'not set, default';
}

function serverCommand(): string {
  return resolveServerCommand(vscode.workspace.getConfiguration('assertlens').get('path'), workspaceFolderPath(), os.homedir());
}

function buildClient(context: vscode.ExtensionContext): LanguageClient {
  // vscode-languageclient appends --stdio for TransportKind.stdio (and the server accepts
  // --clientProcessId too): `assertlens serve --stdio`.
  const serverOptions: ServerOptions = { command: serverCommand(), args: ['serve'], transport: TransportKind.stdio };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ scheme: 'file', language: 'java' }],
    initializationOptions: currentSettings(),
    outputChannel: serverOutputChannel(),
    revealOutputChannelOn: RevealOutputChannelOn.Never,
    // One message, ours, with the server's own words; no five restarts of a server that
    // cannot start.
    errorHandler: {
      error: (_err, _msg, count) => ({ action: everRan && (count ?? 0) <= 3 ? ErrorAction.Continue : ErrorAction.Shutdown, handled: true }),
      closed: () => ({ action: restarts.shouldRestart(everRan, Date.now()) ? CloseAction.Restart : CloseAction.DoNotRestart, handled: true }),
    },
    synchronize: {
      fileEvents: [
        vscode.workspace.createFileSystemWatcher('**/*.java'),
        vscode.workspace.createFileSystemWatcher('**/{pom.xml,build.gradle,build.gradle.kts,settings.gradle,settings.gradle.kts}'),
      ],
    },
    middleware: {
      executeCommand: (cmd, args, next) => handleServerCommand(cmd, args, async (c, a) => next(c, a)),
      handleWorkDoneProgress: (token, params, next) => {
        if (progress.update(token, params as ProgressValue)) {
          updateStatus();
        }
        next(token, params);
      },
    },
  };
  const c = new LanguageClient('assertlens', 'assertlens', serverOptions, clientOptions);
  c.registerFeature(new AssertlensCapabilities());
  context.subscriptions.push(
    c.onDidChangeState((e) => {
      if (e.newState === State.Running) {
        serverState = 'running';
        serverError = undefined;
        everRan = true;
      } else if (e.newState === State.Starting) {
        serverState = 'starting';
      } else if (stopping) {
        serverState = 'stopped';
      } else {
        // Stopped without being asked: the server could not start (startClient reports
        // that), or crashed and is not restarted again. Say so, with what the server said.
        serverState = 'failed';
        if (everRan) {
          serverError = describeStartFailure(serverCommand(), 'the server stopped', stderrTail.value()).message.replace('started but stopped', 'stopped');
          void vscode.window.showErrorMessage(`assertlens: ${serverError}`, 'Show Output').then((c) => c && output.show(true));
        }
      }
      if (e.newState !== State.Running) {
        progress.clear();
        serverCounts = undefined;
      }
      updateStatus();
    }),
    c.onNotification('assertlens/status', (params: unknown) => {
      serverCounts = countsFromStatus(params);
      updateStatus();
      tests?.refreshSoon();
    }),
  );
  return c;
}

async function registerMissingServerCommands(): Promise<void> {
  const existing = new Set(await vscode.commands.getCommands(true));
  for (const cmd of SERVER_COMMANDS) {
    if (!existing.has(cmd)) {
      fallbackCommands.push(vscode.commands.registerCommand(cmd, (...args: unknown[]) => handleServerCommand(cmd, args, sendToServer)));
    }
  }
}

function disposeFallbacks(): void {
  fallbackCommands.forEach((d) => d.dispose());
  fallbackCommands = [];
}

async function startClient(context: vscode.ExtensionContext): Promise<void> {
  disposeFallbacks();
  stderrTail.clear();
  stopping = false;
  everRan = false;
  client = buildClient(context);
  serverState = 'starting';
  serverError = undefined;
  updateStatus();
  output.appendLine(`assertlens: starting ${serverCommand()} serve (assertlens.path ${settingSource('path')})`);
  try {
    await client.start();
    serverState = 'running';
    await tests?.start();
  } catch (err) {
    await stderrTail.settled(2000);
    const failure = describeStartFailure(serverCommand(), err, stderrTail.value());
    serverState = 'failed';
    serverError = failure.message;
    output.appendLine(`assertlens: could not start the server: ${failure.message}`);
    if (failure.pathProblem) {
      void vscode.window
        .showErrorMessage(`assertlens: ${failure.message}`, 'Open Settings')
        .then((c) => c && vscode.commands.executeCommand('workbench.action.openSettings', 'assertlens.path'));
    } else {
      void vscode.window.showErrorMessage(`assertlens: ${failure.message}`, 'Show Output').then((c) => c && output.show(true));
    }
  }
  await registerMissingServerCommands();
  updateStatus();
}

async function stopClient(): Promise<void> {
  disposeFallbacks();
  const c = client;
  client = undefined;
  stopping = true;
  if (c !== undefined && c.isRunning()) {
    await c.stop();
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel('assertlens');
  statusItem = vscode.window.createStatusBarItem('assertlens.status', vscode.StatusBarAlignment.Left, 10);
  statusItem.name = 'assertlens';
  context.subscriptions.push(output, statusItem, { dispose: disposeFallbacks });

  context.subscriptions.push(
    vscode.commands.registerCommand('assertlens.runFile', runFile),
    vscode.commands.registerCommand('assertlens.showOutput', () => output.show(true)),
    vscode.languages.onDidChangeDiagnostics(() => updateStatus()),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (!e.affectsConfiguration('assertlens')) {
        return;
      }
      if (needsRestart((key) => e.affectsConfiguration(key))) {
        await stopClient();
        await startClient(context);
        return;
      }
      if (client?.isRunning()) {
        await client.sendNotification('workspace/didChangeConfiguration', didChangeConfigurationParams(currentSettings()));
      }
    }),
  );

  tests = new AssertlensTests(
    {
      running: () => client?.isRunning() === true,
      tests: (uri) => client!.sendRequest('assertlens/tests', { textDocument: { uri: client!.code2ProtocolConverter.asUri(uri) } }),
      run: (ids, token) => client!.sendRequest(ExecuteCommandRequest.type, { command: 'assertlens.runUnits', arguments: ids }, token),
    },
    (result) => {
      const summary = summarizeRun(result);
      output.appendLine(summary.text);
      if (summary.outcome === 'passed' || summary.outcome === 'failed') {
        lastRun = summary;
        updateStatus();
      }
    },
  );
  context.subscriptions.push(tests);
  await startClient(context);
}

export async function deactivate(): Promise<void> {
  await stopClient();
}
