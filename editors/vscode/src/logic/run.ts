// Interpreting what assertlens.runAffected / assertlens.runUnits answer. No 'vscode' import.

export interface RunSummary {
  /** 'passed': everything selected passed; 'failed': something failed or errored;
   *  'empty': nothing was selected; 'unavailable': the server cannot run yet;
   *  'error': the command failed; 'unknown': an answer we do not understand. */
  outcome: 'passed' | 'failed' | 'empty' | 'unavailable' | 'error' | 'unknown';
  selected: number;
  passed: number;
  failed: number;
  errors: number;
  skipped: number;
  /** One line for a notification or the status bar tooltip. */
  text: string;
  /** Failed units, "<unit id>: <message>", for the output channel. */
  failures: string[];
}

const NOT_AVAILABLE = /not available yet/i;

function num(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The server's run result (RunResult of `assertlens run --json`), possibly wrapped in {result}. */
export function summarizeRun(result: unknown): RunSummary {
  const base: RunSummary = { outcome: 'unknown', selected: 0, passed: 0, failed: 0, errors: 0, skipped: 0, text: '', failures: [] };
  if (typeof result === 'string') {
    return { ...base, outcome: NOT_AVAILABLE.test(result) ? 'unavailable' : 'unknown', text: result };
  }
  if (result === null || typeof result !== 'object') {
    return { ...base, text: 'assertlens: the run returned no result' };
  }
  let r = result as Record<string, unknown>;
  if (r.totals === undefined && r.units === undefined && r.result !== null && typeof r.result === 'object') {
    r = r.result as Record<string, unknown>;
  }
  const units = Array.isArray(r.units) ? (r.units as Record<string, unknown>[]) : [];
  const totals = r.totals !== null && typeof r.totals === 'object' ? (r.totals as Record<string, unknown>) : undefined;
  const s = { ...base };
  if (totals !== undefined) {
    s.selected = num(totals.selected);
    s.passed = num(totals.passed);
    s.failed = num(totals.failed);
    s.errors = num(totals.errors);
    s.skipped = num(totals.skipped);
  } else if (Array.isArray(r.units)) {
    for (const u of units) {
      s.selected++;
      switch (u.status) {
        case 'passed': s.passed++; break;
        case 'failed': s.failed++; break;
        case 'error': s.errors++; break;
        case 'skipped': s.skipped++; break;
      }
    }
  } else {
    return { ...base, text: `assertlens: unexpected run result ${JSON.stringify(result).slice(0, 200)}` };
  }
  for (const u of units) {
    if (u.status === 'failed' || u.status === 'error') {
      const id = typeof u.id === 'string' ? u.id : String(u.test ?? '?');
      const msg = typeof u.message === 'string' && u.message !== '' ? `: ${u.message}` : '';
      s.failures.push(`${id}${msg}`);
    }
  }
  const compileErrors = Array.isArray(r.compileErrors) ? r.compileErrors.length : 0;
  if (s.selected === 0 && compileErrors === 0) {
    s.outcome = 'empty';
    s.text = 'assertlens: no affected assertions to run';
  } else if (s.failed + s.errors > 0 || compileErrors > 0) {
    s.outcome = 'failed';
    const parts = [`${s.failed + s.errors} of ${s.selected} failed`];
    if (compileErrors > 0) {
      parts.push(plural(compileErrors, 'compile error'));
    }
    s.text = `assertlens: ${parts.join(', ')}`;
  } else {
    s.outcome = 'passed';
    s.text = `assertlens: ${s.passed} of ${s.selected} passed` + (s.skipped > 0 ? `, ${s.skipped} skipped` : '');
  }
  return s;
}

/** A run command that failed: the server's "not available yet" error, or another. */
export function summarizeRunError(err: unknown): RunSummary {
  const message = err instanceof Error ? err.message : typeof err === 'object' && err !== null && 'message' in err ? String((err as { message: unknown }).message) : String(err);
  const unavailable = NOT_AVAILABLE.test(message);
  return {
    outcome: unavailable ? 'unavailable' : 'error',
    selected: 0, passed: 0, failed: 0, errors: 0, skipped: 0, failures: [],
    text: unavailable ? `assertlens: running is not available yet (${message})` : `assertlens: run failed: ${message}`,
  };
}

/** assertlens.showWhy answers with text (or {text}/{via}); turn it into lines to show. */
export function whyText(result: unknown): string {
  if (typeof result === 'string') {
    return result;
  }
  if (result !== null && typeof result === 'object') {
    const r = result as Record<string, unknown>;
    if (typeof r.text === 'string') {
      return r.text;
    }
    if (Array.isArray(r.via)) {
      return r.via.map(String).join('\n  → ');
    }
  }
  return JSON.stringify(result, null, 2) ?? '';
}
