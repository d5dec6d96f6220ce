// VS Code's Testing API for assertlens: a TestController whose tree is test classes →
// methods → assertion slices (from the server's assertlens/tests request), with the units
// the pending edit affects marked, runnable from the Test Explorer and the gutter, and run
// results (expected/actual diffs) shown in Test Results.

import * as vscode from 'vscode';

import { ClassNode, combineOutcomes, describeUnit, describeUnits, Outcome, parseTests, runOutcomes, UnitNode, unitsOfClass } from './logic/tests';

/** What the controller needs from the language client. */
export interface TestServer {
  running(): boolean;
  /** assertlens/tests for one file. */
  tests(uri: vscode.Uri): Promise<unknown>;
  /** assertlens.runUnits with these unit ids; the run result. */
  run(unitIds: string[], token: vscode.CancellationToken): Promise<unknown>;
}

interface ItemInfo {
  kind: 'class' | 'test' | 'unit';
  units: UnitNode[];
}

const TEST_GLOB = '**/{src/test,test,tests}/**/*.java';
const EXCLUDE_GLOB = '**/{node_modules,target,build,out,.git}/**';

export class AssertlensTests implements vscode.Disposable {
  readonly controller: vscode.TestController;
  private readonly info = new WeakMap<vscode.TestItem, ItemInfo>();
  private readonly affectedTag = new vscode.TestTag('affected');
  private readonly files = new Set<string>(); // uris with items
  private readonly units = new Map<string, vscode.TestItem>(); // unit id → its item
  private refreshTimer: NodeJS.Timeout | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly server: TestServer, private readonly onRun: (result: unknown) => void) {
    this.controller = vscode.tests.createTestController('assertlens', 'assertlens');
    this.controller.resolveHandler = async (item) => {
      if (item === undefined) {
        await this.discoverWorkspace();
      }
    };
    this.controller.refreshHandler = async () => {
      await this.discoverWorkspace();
    };
    this.controller.createRunProfile('Run', vscode.TestRunProfileKind.Run, (request, token) => this.runHandler(request, token), true);
    this.controller.createRunProfile('Run affected', vscode.TestRunProfileKind.Run, (request, token) => this.runHandler(request, token, true), false, this.affectedTag);
    this.disposables.push(
      this.controller,
      vscode.workspace.onDidOpenTextDocument((d) => this.fileMayHaveTests(d.uri, d.languageId)),
    );
  }

  dispose(): void {
    if (this.refreshTimer !== undefined) clearTimeout(this.refreshTimer);
    this.disposables.forEach((d) => d.dispose());
  }

  /** Loads the open Java documents' tests (called once the server runs). */
  async start(): Promise<void> {
    for (const d of vscode.workspace.textDocuments) {
      this.fileMayHaveTests(d.uri, d.languageId);
    }
  }

  private fileMayHaveTests(uri: vscode.Uri, languageId: string): void {
    if (uri.scheme === 'file' && languageId === 'java' && !this.files.has(uri.toString())) {
      void this.refreshFile(uri);
    }
  }

  /** Re-reads every file with tests, soon (the server's results changed). */
  refreshSoon(): void {
    if (this.refreshTimer !== undefined) clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = undefined;
      const uris = new Set(this.files);
      for (const d of vscode.workspace.textDocuments) {
        if (d.languageId === 'java' && d.uri.scheme === 'file') uris.add(d.uri.toString());
      }
      for (const u of uris) void this.refreshFile(vscode.Uri.parse(u));
    }, 150);
  }

  private async discoverWorkspace(): Promise<void> {
    const uris = await vscode.workspace.findFiles(TEST_GLOB, EXCLUDE_GLOB, 5000);
    for (const uri of uris) {
      await this.refreshFile(uri);
    }
  }

  /** Replaces the items of one file with the server's current view of it. */
  async refreshFile(uri: vscode.Uri): Promise<void> {
    if (!this.server.running()) return;
    let classes: ClassNode[];
    try {
      classes = parseTests(await this.server.tests(uri));
    } catch {
      return; // the server is restarting; the next status notification refreshes
    }
    const key = uri.toString();
    for (const [, item] of this.controller.items) {
      if (item.uri?.toString() === key && !classes.some((c) => c.id === item.id)) {
        this.controller.items.delete(item.id);
      }
    }
    if (classes.length === 0) {
      this.files.delete(key);
      return;
    }
    this.files.add(key);
    for (const c of classes) {
      const ci = this.item(c.id, c.label, uri, c.range.startLine, c.range.endLine);
      const all = unitsOfClass(c);
      this.info.set(ci, { kind: 'class', units: all });
      ci.description = describeUnits(all);
      ci.tags = all.some((u) => u.affected) ? [this.affectedTag] : [];
      const children: vscode.TestItem[] = [];
      for (const u of c.units) {
        children.push(this.unitItem(u, uri));
      }
      for (const t of c.tests) {
        const ti = this.item(t.id, t.label, uri, t.range.startLine, t.range.endLine);
        this.info.set(ti, { kind: 'test', units: t.units });
        ti.description = describeUnits(t.units);
        ti.tags = t.units.some((u) => u.affected) ? [this.affectedTag] : [];
        ti.children.replace(t.units.map((u) => this.unitItem(u, uri)));
        children.push(ti);
      }
      ci.children.replace(children);
      this.controller.items.add(ci);
    }
  }

  private item(id: string, label: string, uri: vscode.Uri, startLine: number, endLine: number): vscode.TestItem {
    const item = this.controller.createTestItem(id, label, uri);
    item.range = new vscode.Range(startLine, 0, endLine, 0);
    return item;
  }

  private unitItem(u: UnitNode, uri: vscode.Uri): vscode.TestItem {
    const item = this.item(u.id, u.label, uri, u.range.startLine, u.range.endLine);
    this.units.set(u.id, item);
    this.info.set(item, { kind: 'unit', units: [u] });
    item.description = describeUnit(u);
    item.tags = u.affected ? [this.affectedTag] : [];
    return item;
  }

  private async runHandler(request: vscode.TestRunRequest, token: vscode.CancellationToken, affectedOnly = false): Promise<void> {
    const roots: vscode.TestItem[] = [];
    if (request.include !== undefined) {
      roots.push(...request.include);
    } else {
      this.controller.items.forEach((i) => roots.push(i));
    }
    const excluded = new Set((request.exclude ?? []).map((i) => i.id));
    // Leaves: the unit items under the requested items, minus exclusions.
    const leaves = new Map<string, vscode.TestItem>();
    const walk = (item: vscode.TestItem) => {
      if (excluded.has(item.id)) return;
      const info = this.info.get(item);
      if (info?.kind === 'unit') {
        if (!affectedOnly || info.units[0].affected) leaves.set(item.id, item);
        return;
      }
      item.children.forEach(walk);
    };
    roots.forEach(walk);
    const run = this.controller.createTestRun(request, 'assertlens', true);
    try {
      if (leaves.size === 0) {
        run.appendOutput('assertlens: nothing to run\r\n');
        return;
      }
      for (const item of leaves.values()) run.enqueued(item);
      for (const item of leaves.values()) run.started(item);
      let result: unknown;
      try {
        result = await this.server.run([...leaves.keys()], token);
      } catch (err) {
        const msg = new vscode.TestMessage(err instanceof Error ? err.message : String(err));
        for (const item of leaves.values()) run.errored(item, msg);
        return;
      }
      this.onRun(result);
      this.applyOutcomes(run, leaves, result);
    } finally {
      run.end();
    }
  }

  /**
   * Shows a run started elsewhere (a lens, the palette, the status bar) in the Test
   * Explorer, the gutter and Test Results, as if it had been started there.
   */
  reportRun(result: unknown): void {
    const leaves = new Map<string, vscode.TestItem>();
    for (const id of runOutcomes(result).keys()) {
      const item = this.units.get(id);
      if (item !== undefined) leaves.set(id, item);
    }
    if (leaves.size === 0) return;
    const run = this.controller.createTestRun(new vscode.TestRunRequest([...leaves.values()]), 'assertlens', false);
    try {
      for (const item of leaves.values()) run.started(item);
      this.applyOutcomes(run, leaves, result);
    } finally {
      run.end();
    }
  }

  private applyOutcomes(run: vscode.TestRun, leaves: Map<string, vscode.TestItem>, result: unknown): void {
    const outcomes = runOutcomes(result);
    for (const [id, item] of leaves) {
      report(run, item, outcomes.get(id));
    }
    // Parents get the worst outcome of their units, so the Test Explorer shows it at
    // every level.
    const parents = new Set<vscode.TestItem>();
    for (const item of leaves.values()) {
      for (let p = item.parent; p !== undefined; p = p.parent) parents.add(p);
    }
    for (const p of parents) {
      const units = this.info.get(p)?.units ?? [];
      const status = combineOutcomes(units.map((u) => outcomes.get(u.id)));
      if (status === 'failed' || status === 'error') run.failed(p, new vscode.TestMessage(`${units.filter((u) => ['failed', 'error'].includes(outcomes.get(u.id)?.status ?? '')).length} failed`));
      else if (status === 'passed') run.passed(p);
    }
  }
}

/** Reports one unit's outcome, with an expected/actual diff when the assertion said so. */
function report(run: vscode.TestRun, item: vscode.TestItem, o: Outcome | undefined): void {
  if (o === undefined) {
    run.skipped(item);
    return;
  }
  switch (o.status) {
    case 'passed':
      run.passed(item, o.timeMs);
      return;
    case 'skipped':
      run.skipped(item);
      return;
  }
  const text = o.message !== '' ? o.message : o.status;
  const msg = o.expected !== undefined || o.actual !== undefined
    ? vscode.TestMessage.diff(text, o.expected ?? '', o.actual ?? '')
    : new vscode.TestMessage(text);
  if (item.uri !== undefined && item.range !== undefined) {
    msg.location = new vscode.Location(item.uri, item.range);
  }
  if (o.status === 'failed') run.failed(item, msg, o.timeMs);
  else run.errored(item, msg, o.timeMs);
}
