// Explaining why the server could not start. No 'vscode' import.

export interface StartFailure {
  /** One line for the notification and the status bar tooltip. */
  message: string;
  /** True only when the binary itself could not be found or executed: then the
   *  assertlens.path setting is the thing to fix. */
  pathProblem: boolean;
}

const SPAWN_PROBLEM = /\b(ENOENT|EACCES|ENOTDIR|EISDIR|ENOEXEC)\b/;

/**
 * Builds the message for a failed start from the client's error and the last lines the
 * server wrote to stderr (which say what it disliked, e.g. an unknown flag).
 */
export function describeStartFailure(command: string, err: unknown, stderrTail: string): StartFailure {
  const errText = err instanceof Error ? err.message : typeof err === 'string' ? err : JSON.stringify(err) ?? String(err);
  if (SPAWN_PROBLEM.test(errText)) {
    const why = /ENOENT/.test(errText) ? 'was not found' : 'could not be executed';
    return { message: `\`${command}\` ${why} (${errText.trim()}). Set assertlens.path to the assertlens binary.`, pathProblem: true };
  }
  const lines = stderrTail.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '' && !/^\[(Info|Trace|Debug)/.test(l));
  const said = lines.slice(-3).join(' | ');
  const reason = said !== '' ? said : errText.trim();
  return { message: `\`${command} serve\` started but stopped: ${reason}`, pathProblem: false };
}

/** Keeps the last `max` characters written to a stream. */
export class Tail {
  private text = '';
  private waiters: (() => void)[] = [];
  constructor(private readonly max = 4000) {}
  append(s: string): void {
    this.text = (this.text + s).slice(-this.max);
    const w = this.waiters;
    this.waiters = [];
    w.forEach((f) => f());
  }
  value(): string {
    return this.text;
  }
  clear(): void {
    this.text = '';
  }
  /**
   * Resolves once something has been written, or after ms: a server that exits at once
   * writes its complaint to stderr a moment after the client notices the broken pipe.
   */
  settled(ms: number): Promise<void> {
    if (this.text !== '') return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

/**
 * Decides whether the client restarts a server whose connection closed: never when it never
 * ran (a server that cannot start does not start on the fifth try either), else up to
 * `max` times within `windowMs`.
 */
export class RestartPolicy {
  private readonly times: number[] = [];
  constructor(private readonly max = 4, private readonly windowMs = 180_000) {}
  shouldRestart(everRan: boolean, now: number): boolean {
    if (!everRan) return false;
    while (this.times.length > 0 && now - this.times[0] > this.windowMs) this.times.shift();
    if (this.times.length >= this.max) return false;
    this.times.push(now);
    return true;
  }
}
