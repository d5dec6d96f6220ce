// Reading assertlens diagnostics: counts for the status bar, unit ids for "run this file" and
// "show why". No 'vscode' import: the extension converts vscode.Diagnostic to DiagnosticLike.

export type Severity = 'error' | 'warning' | 'information' | 'hint';

export interface DiagnosticLike {
  source?: string;
  severity: Severity;
  message: string;
  /** 0-based, as in LSP and vscode.Range. */
  startLine: number;
  endLine: number;
  /** The LSP diagnostic's data; assertlens puts {"unit": "<unit id>"} there. */
  data?: unknown;
}

export const SOURCE = 'assertlens';

export function isAssertlens(d: DiagnosticLike): boolean {
  return d.source === SOURCE;
}

/** The unit id carried in a diagnostic's data, if any. */
export function unitOf(d: DiagnosticLike): string | undefined {
  const data = d.data;
  if (data !== null && typeof data === 'object' && typeof (data as { unit?: unknown }).unit === 'string') {
    const unit = (data as { unit: string }).unit;
    return unit === '' ? undefined : unit;
  }
  return undefined;
}

/** "Affected" diagnostics are the Information/Hint ones; Errors are failed assertions of a run. */
export function isAffected(d: DiagnosticLike): boolean {
  return isAssertlens(d) && (d.severity === 'information' || d.severity === 'hint');
}

export function isFailure(d: DiagnosticLike): boolean {
  return isAssertlens(d) && d.severity === 'error';
}

/** What the status bar counts: the same numbers the server's lenses show. */
export interface Counts {
  /** Affected assertions (units), failed ones included. */
  affected: number;
  failed: number;
  /** Units whose last run passed; only known from the server's assertlens/status. */
  passed?: number;
  /** Files with assertlens diagnostics; only known from diagnostics. */
  files?: number;
  /** The coverage record's state ("fresh", "12 tests stale", "none"); only known from assertlens/status. */
  coverage?: string;
}

/**
 * Counts from diagnostics, for servers that do not send assertlens/status. A failed unit
 * (an Error) is still an affected one, as the lenses count it. Two diagnostics naming the
 * same unit count once (a method-level unit may be marked on several lines); without a unit
 * id, each counts.
 */
export function countDiagnostics(byFile: Iterable<[string, readonly DiagnosticLike[]]>): Counts {
  const affected = new Set<string>();
  const failed = new Set<string>();
  const files = new Set<string>();
  for (const [file, diags] of byFile) {
    for (const d of diags) {
      const key = unitOf(d) ?? `${file}:${d.startLine}`;
      if (isAffected(d) || isFailure(d)) {
        affected.add(key);
        files.add(file);
      }
      if (isFailure(d)) {
        failed.add(key);
      }
    }
  }
  return { affected: affected.size, failed: failed.size, files: files.size };
}

/** The params of the server's assertlens/status notification, as Counts (undefined if malformed). */
export function countsFromStatus(params: unknown): Counts | undefined {
  if (params === null || typeof params !== 'object') {
    return undefined;
  }
  const p = params as Record<string, unknown>;
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined);
  const assertions = n(p.assertions);
  if (assertions === undefined) {
    return undefined;
  }
  const coverage = typeof p.coverage === 'string' && p.coverage !== '' ? p.coverage : undefined;
  return { affected: assertions, failed: n(p.failed) ?? 0, passed: n(p.passed) ?? 0, coverage };
}

/**
 * Unit ids of one file's assertlens diagnostics, in line order, without duplicates: what
 * "Run Affected in This File" sends as assertlens.runUnits arguments. Failed units are
 * included so that a fix can be checked with the same command.
 */
export function collectUnitIds(diags: readonly DiagnosticLike[]): string[] {
  const sorted = diags.filter((d) => isAffected(d) || isFailure(d)).slice().sort((a, b) => a.startLine - b.startLine);
  const out: string[] = [];
  for (const d of sorted) {
    const unit = unitOf(d);
    if (unit !== undefined && !out.includes(unit)) {
      out.push(unit);
    }
  }
  return out;
}

/**
 * The unit "under the cursor": a diagnostic whose lines contain `line`, else the nearest
 * one in the file (so Show Why works from anywhere in a small test), else undefined.
 */
export function unitAtLine(diags: readonly DiagnosticLike[], line: number): string | undefined {
  let best: { unit: string; distance: number } | undefined;
  for (const d of diags) {
    if (!isAssertlens(d)) {
      continue;
    }
    const unit = unitOf(d);
    if (unit === undefined) {
      continue;
    }
    const distance = line < d.startLine ? d.startLine - line : line > d.endLine ? line - d.endLine : 0;
    if (best === undefined || distance < best.distance) {
      best = { unit, distance };
    }
  }
  return best?.unit;
}
