// The test tree of the Testing API, built from the server's assertlens/tests answer, and run
// outcomes read from a run result. No 'vscode' import.

/** An LSP range, 0-based lines. */
export interface LineRange {
  startLine: number;
  endLine: number;
}

export interface UnitNode {
  id: string;
  label: string;
  level: string;
  range: LineRange;
  assertions: number;
  affected: boolean;
  because: string[];
  status?: string;
  message?: string;
  expected?: string;
  actual?: string;
}

export interface TestNode {
  id: string;
  label: string;
  range: LineRange;
  units: UnitNode[];
}

export interface ClassNode {
  id: string;
  label: string;
  range: LineRange;
  tests: TestNode[];
  /** Units of a class run whole (parameterized, inherited, …). */
  units: UnitNode[];
}

function str(v: unknown, fallback = ''): string {
  return typeof v === 'string' ? v : fallback;
}

function range(v: unknown): LineRange {
  const r = v as { start?: { line?: unknown }; end?: { line?: unknown } } | undefined;
  const start = typeof r?.start?.line === 'number' ? r.start.line : 0;
  const end = typeof r?.end?.line === 'number' ? r.end.line : start;
  return { startLine: start, endLine: Math.max(start, end) };
}

function list(v: unknown): Record<string, unknown>[] {
  return Array.isArray(v) ? v.filter((x) => x !== null && typeof x === 'object') : [];
}

function unit(u: Record<string, unknown>): UnitNode | undefined {
  const id = str(u.id);
  if (id === '') {
    return undefined;
  }
  const opt = (k: string) => (typeof u[k] === 'string' && u[k] !== '' ? (u[k] as string) : undefined);
  return {
    id,
    label: str(u.label, id),
    level: str(u.level, 'assertion'),
    range: range(u.range),
    assertions: typeof u.assertions === 'number' ? u.assertions : 1,
    affected: u.affected === true,
    because: Array.isArray(u.because) ? u.because.filter((b): b is string => typeof b === 'string') : [],
    status: opt('status'),
    message: opt('message'),
    expected: opt('expected'),
    actual: opt('actual'),
  };
}

/** Reads the answer of assertlens/tests; anything malformed is dropped, never thrown. */
export function parseTests(result: unknown): ClassNode[] {
  const r = (result ?? {}) as Record<string, unknown>;
  const out: ClassNode[] = [];
  for (const c of list(r.classes)) {
    const id = str(c.id);
    if (id === '') continue;
    const tests: TestNode[] = [];
    for (const t of list(c.tests)) {
      const tid = str(t.id);
      if (tid === '') continue;
      tests.push({ id: tid, label: str(t.label, tid), range: range(t.range), units: list(t.units).map(unit).filter((u): u is UnitNode => u !== undefined) });
    }
    out.push({ id, label: str(c.label, id), range: range(c.range), tests, units: list(c.units).map(unit).filter((u): u is UnitNode => u !== undefined) });
  }
  return out;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The description shown beside a test or class in the Test Explorer. */
export function describeUnits(units: readonly UnitNode[]): string {
  const total = units.reduce((n, u) => n + u.assertions, 0);
  const affected = units.filter((u) => u.affected).reduce((n, u) => n + u.assertions, 0);
  return affected > 0 ? `${affected} of ${plural(total, 'assertion')} affected` : plural(total, 'assertion');
}

/** The description beside one unit: why it is affected. */
export function describeUnit(u: UnitNode): string {
  if (!u.affected) return '';
  const short = u.because.map((b) => (b === 'recently-failed' ? 'failed recently' : b.replace(/^.*\.(?=[^.]+#)/, '')));
  return short.length > 0 ? `affected by ${short.join(', ')}` : 'affected';
}

/** Every unit of a class, its own and its tests'. */
export function unitsOfClass(c: ClassNode): UnitNode[] {
  return [...c.units, ...c.tests.flatMap((t) => t.units)];
}

export interface Outcome {
  id: string;
  test: string;
  status: 'passed' | 'failed' | 'error' | 'skipped' | 'unknown';
  message: string;
  expected?: string;
  actual?: string;
  /** 1-based line of the unit, 0 if unknown. */
  line: number;
  timeMs?: number;
}

/** The outcomes of a run result (RunResult of `assertlens run --json`), by unit id. */
export function runOutcomes(result: unknown): Map<string, Outcome> {
  const out = new Map<string, Outcome>();
  let r = (result ?? {}) as Record<string, unknown>;
  if (r.units === undefined && r.result !== null && typeof r.result === 'object') {
    r = r.result as Record<string, unknown>;
  }
  for (const u of list(r.units)) {
    const id = str(u.id);
    if (id === '') continue;
    const s = str(u.status);
    const status = s === 'passed' || s === 'failed' || s === 'error' || s === 'skipped' ? s : 'unknown';
    out.set(id, {
      id,
      test: str(u.test),
      status,
      message: str(u.message),
      expected: typeof u.expected === 'string' ? u.expected : undefined,
      actual: typeof u.actual === 'string' ? u.actual : undefined,
      line: typeof u.line === 'number' ? u.line : 0,
      timeMs: typeof u.timeMs === 'number' ? u.timeMs : undefined,
    });
  }
  return out;
}

/** The outcome of a test or class from its units' outcomes: the worst one, or undefined when none ran. */
export function combineOutcomes(outcomes: readonly (Outcome | undefined)[]): Outcome['status'] | undefined {
  const rank: Record<Outcome['status'], number> = { error: 4, failed: 3, unknown: 2, passed: 1, skipped: 0 };
  let worst: Outcome['status'] | undefined;
  for (const o of outcomes) {
    if (o !== undefined && (worst === undefined || rank[o.status] > rank[worst])) worst = o.status;
  }
  return worst;
}
