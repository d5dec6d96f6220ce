// Prepares a scratch copy of testdata/editors/sample as a git repository (the default
// baseline is git HEAD) and reads the shared expectations in testdata/editors/sample.expect.json.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export interface Expectations {
  edit: { file: string; line: number; find: string; replace: string };
  affected: { file: string; lines: number[]; units: string[]; messageContains: string };
  failsAfterEdit: number[];
  classpath: string[];
}

export interface Workspace {
  root: string;
  cacheDir: string;
  expect: Expectations;
  /** Existing jars of expect.classpath. */
  classpath: string[];
  cleanup(): void;
}

/** The repository root: editors/vscode/out/testutil → ../../../.. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..');

export function prepareWorkspace(): Workspace {
  const src = path.join(REPO_ROOT, 'testdata', 'editors', 'sample');
  const expect = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'testdata', 'editors', 'sample.expect.json'), 'utf8')) as Expectations;
  const tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'assertlens-vscode-')));
  const root = path.join(tmp, 'sample');
  const cacheDir = path.join(tmp, 'cache');
  fs.cpSync(src, root, { recursive: true });
  fs.mkdirSync(cacheDir);
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=assertlens-test', '-c', 'user.email=test@assertlens.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd: root, stdio: 'pipe' });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'fixture');
  return {
    root,
    cacheDir,
    expect,
    classpath: expect.classpath.filter((p) => fs.existsSync(p)),
    cleanup: () => fs.rmSync(tmp, { recursive: true, force: true }),
  };
}

/** 0-based position of the edit: the first occurrence of `find` on the 1-based `line`. */
export function editPosition(text: string, edit: Expectations['edit']): { line: number; character: number } {
  const lines = text.split('\n');
  const line = lines[edit.line - 1];
  if (line === undefined) {
    throw new Error(`fixture: ${edit.file} has no line ${edit.line}`);
  }
  const character = line.indexOf(edit.find);
  if (character < 0) {
    throw new Error(`fixture: "${edit.find}" not on line ${edit.line} of ${edit.file}: ${line}`);
  }
  return { line: edit.line - 1, character };
}
