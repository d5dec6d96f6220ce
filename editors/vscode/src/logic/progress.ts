// Tracks $/progress work-done reports by token so the status bar can spin. No 'vscode' import.

export interface ProgressValue {
  kind: 'begin' | 'report' | 'end';
  title?: string;
  message?: string;
  percentage?: number;
}

interface Active {
  title: string;
  message?: string;
  percentage?: number;
  seq: number;
}

export class ProgressTracker {
  private readonly active = new Map<string, Active>();
  private seq = 0;

  /** Feeds one $/progress value; returns true when what current() reports changed. */
  update(token: string | number, value: ProgressValue): boolean {
    const key = String(token);
    const before = JSON.stringify(this.current());
    if (value.kind === 'begin') {
      this.active.set(key, { title: value.title ?? 'working', message: value.message, percentage: value.percentage, seq: ++this.seq });
    } else if (value.kind === 'report') {
      const a = this.active.get(key);
      if (a !== undefined) {
        if (value.message !== undefined) a.message = value.message;
        if (value.percentage !== undefined) a.percentage = value.percentage;
      }
    } else if (value.kind === 'end') {
      this.active.delete(key);
    }
    return before !== JSON.stringify(this.current());
  }

  /** The most recently begun progress still running. */
  current(): { title: string; message?: string; percentage?: number } | undefined {
    let latest: Active | undefined;
    for (const a of this.active.values()) {
      if (latest === undefined || a.seq > latest.seq) latest = a;
    }
    return latest === undefined ? undefined : { title: latest.title, message: latest.message, percentage: latest.percentage };
  }

  clear(): void {
    this.active.clear();
  }
}
