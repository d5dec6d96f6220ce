// Settings → what the server receives. No 'vscode' import: unit-tested under plain node.

/** The server's settings section, as sent in initializationOptions and didChangeConfiguration. */
export interface ServerSettings {
  baseline: Baseline;
  classpath: string[];
  extraAssertions: string[];
  debounceMs?: number;
  recordCoverageOnRun: boolean;
  recordCoverageOnSave: boolean;
}

export type Baseline = 'head' | 'saved' | 'lastRun';
export const BASELINES: readonly Baseline[] = ['head', 'saved', 'lastRun'];

/** Reads one key of the "assertlens" configuration section (vscode's WorkspaceConfiguration.get). */
export type SettingGetter = (key: string) => unknown;

function stringList(value: unknown): string[] {
  if (!Array.isArray(value)) {
    return [];
  }
  const out: string[] = [];
  for (const v of value) {
    if (typeof v === 'string' && v.trim() !== '' && !out.includes(v.trim())) {
      out.push(v.trim());
    }
  }
  return out;
}

/**
 * Builds the settings the server understands from the user's configuration, dropping what is
 * malformed rather than sending it: a wrong baseline falls back to the server's default.
 */
export function toServerSettings(get: SettingGetter, substitute: (s: string) => string = (s) => s): ServerSettings {
  const baselineRaw = get('baseline');
  const baseline: Baseline = BASELINES.includes(baselineRaw as Baseline) ? (baselineRaw as Baseline) : 'head';
  const settings: ServerSettings = {
    baseline,
    classpath: stringList(get('classpath')).map(substitute),
    extraAssertions: stringList(get('extraAssertions')),
    // Always sent: an absent key would leave the server's previous value in place.
    recordCoverageOnRun: get('recordCoverageOnRun') === true,
    recordCoverageOnSave: get('recordCoverageOnSave') === true,
  };
  const debounce = get('debounceMs');
  if (typeof debounce === 'number' && Number.isFinite(debounce) && debounce >= 0) {
    settings.debounceMs = Math.round(debounce);
  }
  return settings;
}

/** The params of workspace/didChangeConfiguration. */
export function didChangeConfigurationParams(settings: ServerSettings): { settings: { assertlens: ServerSettings } } {
  return { settings: { assertlens: settings } };
}

/** Replaces ${workspaceFolder}, ${userHome} and a leading ~ in a path setting. */
export function substituteVariables(value: string, workspaceFolder: string | undefined, home: string): string {
  let out = value;
  if (out === '~' || out.startsWith('~/')) {
    out = home + out.slice(1);
  }
  out = out.split('${userHome}').join(home);
  if (workspaceFolder !== undefined) {
    out = out.split('${workspaceFolder}').join(workspaceFolder);
  }
  return out;
}

/**
 * Resolves the `assertlens.path` setting to the command to start. A bare name ("assertlens")
 * is left for PATH lookup; a relative path with a slash is taken relative to the workspace.
 */
export function resolveServerCommand(setting: unknown, workspaceFolder: string | undefined, home: string): string {
  const raw = typeof setting === 'string' && setting.trim() !== '' ? setting.trim() : 'assertlens';
  const value = substituteVariables(raw, workspaceFolder, home);
  const isAbsolute = value.startsWith('/') || /^[A-Za-z]:[\\/]/.test(value);
  if (isAbsolute || !/[\\/]/.test(value) || workspaceFolder === undefined) {
    return value;
  }
  return workspaceFolder.replace(/[\\/]+$/, '') + '/' + value.replace(/^\.[\\/]/, '');
}

/** True when a change of these keys needs the server restarted rather than reconfigured. */
export function needsRestart(changedKey: (key: string) => boolean): boolean {
  return changedKey('assertlens.path');
}
