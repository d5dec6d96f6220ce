// The status bar item's text, tooltip and click command. No 'vscode' import.

import type { Counts } from './diagnostics';
import type { RunSummary } from './run';

export type ServerState = 'starting' | 'running' | 'stopped' | 'failed';

export interface StatusInput {
  server: ServerState;
  serverError?: string;
  counts: Counts;
  /** The work-done progress in flight (indexing, running), if any. */
  progress?: { title: string; message?: string; percentage?: number };
  lastRun?: RunSummary;
}

export interface StatusView {
  text: string;
  tooltip: string;
  command: string;
}

export function affectedText(n: number): string {
  if (n === 0) {
    return 'no assertions affected';
  }
  return `${n} ${n === 1 ? 'assertion' : 'assertions'} affected`;
}

export function statusView(s: StatusInput): StatusView {
  if (s.server === 'failed') {
    return {
      text: '$(error) assertlens',
      tooltip: `assertlens server is not running${s.serverError ? `: ${s.serverError}` : ''}. Click to see its output.`,
      command: 'assertlens.showOutput',
    };
  }
  if (s.server === 'stopped') {
    return { text: '$(circle-slash) assertlens', tooltip: 'assertlens server stopped. Click to see its output.', command: 'assertlens.showOutput' };
  }
  if (s.progress !== undefined || s.server === 'starting') {
    const title = s.progress?.title ?? 'starting';
    const pct = s.progress?.percentage !== undefined ? ` ${Math.round(s.progress.percentage)}%` : '';
    const msg = s.progress?.message ? ` — ${s.progress.message}` : '';
    return { text: `$(sync~spin) assertlens: ${title}${pct}`, tooltip: `assertlens: ${title}${pct}${msg}`, command: 'assertlens.showOutput' };
  }
  // The same words and numbers as the lenses: "2 assertions affected · ✗ 1 failed ✓ 1 passed".
  let text = `$(beaker) ${affectedText(s.counts.affected)}`;
  const files = s.counts.files ?? 0;
  const tips = [`assertlens: ${affectedText(s.counts.affected)}` + (files > 0 ? ` in ${files} ${files === 1 ? 'file' : 'files'}` : '')];
  const outcomes: string[] = [];
  if (s.counts.failed > 0) {
    outcomes.push(`$(x) ${s.counts.failed} failed`);
    tips.push(`${s.counts.failed} failed in the last run`);
  }
  if ((s.counts.passed ?? 0) > 0) {
    outcomes.push(`$(check) ${s.counts.passed} passed`);
  }
  if (outcomes.length > 0) {
    text += ` · ${outcomes.join(' ')}`;
  }
  if (s.counts.coverage !== undefined) {
    if (s.counts.coverage !== 'none') {
      text += ` · coverage ${s.counts.coverage}`;
    }
    tips.push(`coverage: ${s.counts.coverage}` + (s.counts.coverage === 'none' ? ' (run `assertlens coverage` for selection by recorded execution)' : ''));
  }
  const run = s.lastRun;
  if (run !== undefined) {
    tips.push(`last run: ${run.text.replace(/^assertlens: /, '')}`);
  }
  tips.push('Click to run the affected assertions.');
  return { text, tooltip: tips.join('\n'), command: 'assertlens.runAffected' };
}
