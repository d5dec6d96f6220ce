// Drives a real VS Code (code-server in headless Chromium) with the assertlens extension
// installed from its .vsix, and checks what a person sees. Started by scripts/e2e.sh, which
// sets up code-server and passes --url, --project, --artifacts, --expect.
//
// Every wait is on something visible (a lens, a status bar text, a Problems row) with a
// deadline that is only a failure bound; nothing sleeps to make a check pass.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const puppeteer = require('puppeteer-core');

function parseArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i += 2) {
    out[argv[i].replace(/^--/, '')] = argv[i + 1];
  }
  return out;
}

const args = parseArgs(process.argv.slice(2));
const expect = JSON.parse(fs.readFileSync(args.expect, 'utf8'));
const artifacts = args.artifacts;
const verbose = process.env.ASSERTLENS_TEST_VERBOSE === '1';
const T_START = 120_000; // first start: VS Code loads, the extension activates, the server indexes
const T_STEP = 60_000; // one step of the scenario
const T_RUN = 180_000; // a run compiles and launches JUnit

// Keeps Chromium off the network: every host but 127.0.0.1 resolves to nothing, and the
// background services that phone home are off.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-sync',
  '--disable-domain-reliability',
  '--disable-client-side-phishing-detection',
  '--disable-breakpad',
  '--metrics-recording-only',
  '--disable-features=Translate,OptimizationHints,MediaRouter,AutofillServerCommunication,CertificateTransparencyComponentUpdater',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
  '--window-size=1400,900',
];

let page;
let shot = 0;
// Set when the extension reports that it started the default `assertlens` from PATH although
// the user settings name the binary under test: code-server started the extension host
// before it had the user settings (seen once on a loaded CI machine). That is code-server's
// start-up, not the extension; the window is reloaded once, and the retry is printed.
let settingsNotDelivered = false;
const passed = [];

async function screenshot(name) {
  shot++;
  const file = path.join(artifacts, `${String(shot).padStart(2, '0')}-${name}.png`);
  await page.screenshot({ path: file });
  console.log(`e2e: screenshot ${file}`);
  return file;
}

const t0 = Date.now();
function ok(what) {
  passed.push(what);
  console.log(`ok - ${what} [${((Date.now() - t0) / 1000).toFixed(1)} s]`);
}

class Failure extends Error {}

/**
 * Polls fn (run in the page) until check(value) holds; on timeout fails with what was last
 * seen and a screenshot.
 */
async function waitUntil(what, fn, check, timeout, ...fnArgs) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      last = await page.evaluate(fn, ...fnArgs);
    } catch (err) {
      last = `evaluate failed: ${err.message}`;
    }
    if (check(last)) {
      return last;
    }
    if (Date.now() > deadline) {
      const file = await screenshot(`FAILED-${what.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}`).catch(() => '(no screenshot)');
      throw new Failure(`timed out after ${timeout / 1000} s waiting for ${what}\n  last seen: ${JSON.stringify(last, null, 1)}\n  screenshot: ${file}\n  status bar: ${JSON.stringify(await statusBarText().catch(() => '?'))}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

// --- what a person sees -------------------------------------------------------------

function lensTexts() {
  return [...document.querySelectorAll('.editor-instance .codelens-decoration')].map((e) => e.textContent.replace(/\s+/g, ' ').trim());
}

async function statusBarText() {
  return page.evaluate(() => {
    const items = [...document.querySelectorAll('.statusbar-item')].filter((e) => (e.id || '').includes('assertlens'));
    return items.map((e) => e.textContent.replace(/\s+/g, ' ').trim()).join(' | ');
  });
}

function activeTab() {
  const t = document.querySelector('.tabs-container .tab.active');
  return t ? t.textContent.trim() : '';
}

function problemRows() {
  return [...document.querySelectorAll('.markers-panel .monaco-list-row')].map((e) => e.getAttribute('aria-label') || e.textContent);
}

function hoverText() {
  const h = [...document.querySelectorAll('.monaco-hover')].filter((e) => e.offsetParent !== null);
  return h.map((e) => e.textContent).join('\n');
}

async function key(combo) {
  const parts = combo.split('+');
  for (const p of parts) await page.keyboard.down(p);
  for (const p of parts.reverse()) await page.keyboard.up(p);
}

async function command(name) {
  await key('F1');
  await page.waitForSelector('.quick-input-widget:not([style*="display: none"]) input', { visible: true, timeout: T_STEP });
  await page.keyboard.type(name);
  await waitUntil(`the command "${name}" focused in the palette`, () => {
    const r = document.querySelector('.quick-input-list .monaco-list-row.focused');
    return r ? r.textContent : '';
  }, (t) => t.includes(name), T_STEP);
  await page.keyboard.press('Enter');
}

async function openFile(rel) {
  const name = path.basename(rel);
  // Quick Open with the file's absolute path: VS Code resolves an absolute path directly,
  // without its file-search index (which may still be building right after start-up).
  const focusedRow = () => {
    const r = document.querySelector('.quick-input-list .monaco-list-row.focused');
    return r ? r.textContent : '';
  };
  for (let attempt = 1; ; attempt++) {
    await key('Control+p');
    await page.waitForSelector('.quick-input-widget:not([style*="display: none"]) input', { visible: true, timeout: T_STEP });
    await page.keyboard.type(path.join(args.project, rel));
    // Enter opens the focused row: wait until the list has caught up with what was typed.
    try {
      await waitUntil(`${name} focused in Quick Open`, focusedRow, (t) => t.includes(name), attempt < 3 ? T_STEP / 3 : T_STEP);
      break;
    } catch (err) {
      if (attempt >= 3) throw err;
      await key('Escape');
    }
  }
  await page.keyboard.press('Enter');
  await waitUntil(`${name} to be the active editor`, activeTab, (t) => t.includes(name), T_STEP);
}

async function gotoLine(line, column) {
  await key('Control+g');
  await page.waitForSelector('.quick-input-widget:not([style*="display: none"]) input', { visible: true, timeout: T_STEP });
  await page.keyboard.type(`${line}:${column}`);
  // Enter acts on the row for what was typed: wait for it, and press again if the widget
  // swallowed the key (a busy machine can deliver it before the row exists).
  const row = () => {
    const r = document.querySelector('.quick-input-list .monaco-list-row.focused');
    return r ? r.textContent : '';
  };
  await waitUntil(`go to line ${line}`, row, (t) => t.includes(`line ${line}`), T_STEP);
  const open = () => !!document.querySelector('.quick-input-widget:not([style*="display: none"])');
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Enter');
    try {
      await waitUntil('the go-to-line box to close', open, (o) => !o, T_STEP / 3);
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

// --- the scenario -------------------------------------------------------------------

async function main() {
  fs.mkdirSync(artifacts, { recursive: true });
  const browser = await puppeteer.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS, protocolTimeout: 120_000 });
  try {
    page = await browser.newPage();
    await page.setViewport({ width: 1400, height: 900 });
    page.on('console', (m) => {
      if (verbose || /assertlens/i.test(m.text())) console.log(`  [browser ${m.type()}] ${m.text().slice(0, 300)}`);
      if (/`assertlens` was not found/.test(m.text())) settingsNotDelivered = true;
    });
    // Nothing but code-server itself may be requested.
    await page.setRequestInterception(true);
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.protocol === 'data:' || u.protocol === 'blob:' || u.hostname === '127.0.0.1') r.continue();
      else {
        if (verbose) console.log(`  blocked ${r.url()}`);
        r.abort();
      }
    });

    await page.goto(args.url, { waitUntil: 'domcontentloaded', timeout: T_START });
    await page.waitForSelector('.monaco-workbench', { timeout: T_START });
    ok('VS Code (code-server) loaded the workspace');

    const testFile = expect.affected.file;
    const editFile = expect.edit.file;
    const testRel = testFile.replace(/^.*\/java\//, '');

    // 1. Before any edit: a run lens on every test method of the test file.
    await openFile(testFile);
    const lensesOnEveryTest = (ls) => Array.isArray(ls) && ls.length >= 3 && ls.every((l) => /▸ run · \d+ assertions?/.test(l));
    let plain = await waitUntil('run lenses on every test method', lensTexts, (ls) => settingsNotDelivered || lensesOnEveryTest(ls), T_START);
    if (settingsNotDelivered) {
      console.log('retry - code-server activated the extension without the user settings (it looked for `assertlens` on PATH); reloading the window once');
      settingsNotDelivered = false;
      await page.reload({ waitUntil: 'domcontentloaded', timeout: T_START });
      await page.waitForSelector('.monaco-workbench', { timeout: T_START });
      await openFile(testFile);
      plain = await waitUntil('run lenses on every test method (after the reload)', lensTexts, lensesOnEveryTest, T_START);
    }
    ok(`run lenses without an edit: ${JSON.stringify(plain)}`);
    const st0 = await waitUntil('the status bar item', () => [...document.querySelectorAll('.statusbar-item')].filter((e) => (e.id || '').includes('assertlens')).map((e) => e.textContent.trim()).join(' | '), (t) => /no assertions affected/.test(t), T_STEP);
    ok(`status bar before the edit: "${st0}"`);
    await screenshot('test-file-before-edit');

    // 2. Type an unsaved edit: drop the minus sign before im in Complex#negate().
    await openFile(editFile);
    const editLine = expect.edit.line;
    const lineText = fs.readFileSync(path.join(args.project, editFile), 'utf8').split('\n')[editLine - 1];
    const column = lineText.indexOf(expect.edit.find) + 1;
    await gotoLine(editLine, column);
    await page.keyboard.press('Delete'); // the "-" of "-im"
    await waitUntil('the editor to show the edit as unsaved', () => !!document.querySelector('.tabs-container .tab.active.dirty'), Boolean, T_STEP);
    ok(`typed an unsaved edit on ${path.basename(editFile)}:${editLine}`);
    const changeLens = await waitUntil('the lens on the edited method', lensTexts, (ls) => ls.some((l) => /affects 2 assertions in 1 test ▸ run/.test(l)), T_STEP);
    ok(`lens on the edited method: ${JSON.stringify(changeLens)}`);
    await screenshot('edited-method-lens');

    // 3. The test file: affected lenses, diagnostics on the right lines, the status bar.
    await openFile(testFile);
    const lenses = await waitUntil('the affected lens on the test', lensTexts, (ls) => ls.some((l) => /2 of 3 assertions affected ▸ run/.test(l)), T_STEP);
    ok(`lenses on the test file: ${JSON.stringify(lenses)}`);
    const st1 = await waitUntil('the status bar to count the affected assertions', () => [...document.querySelectorAll('.statusbar-item')].filter((e) => (e.id || '').includes('assertlens')).map((e) => e.textContent.trim()).join(' | '), (t) => /2 assertions affected/.test(t), T_STEP);
    ok(`status bar: "${st1}"`);

    await key('Control+Shift+m'); // Problems panel
    const rows = await waitUntil('the affected assertions in the Problems panel', problemRows,
      (rs) => expect.affected.lines.every((l) => rs.some((r) => r.includes(`line ${l}`) || r.includes(`Ln ${l}`) || new RegExp(`\\b${l}\\b`).test(r)) ) && rs.filter((r) => /affected by your edit/.test(r)).length === expect.affected.lines.length, T_STEP);
    const affectedRows = rows.filter((r) => /affected by your edit/.test(r));
    for (const l of [12]) {
      if (affectedRows.some((r) => new RegExp(`(line|Ln) ${l}\\b`).test(r))) throw new Failure(`line ${l} is marked but reads c before negate(): ${JSON.stringify(affectedRows)}`);
    }
    ok(`Problems panel: ${JSON.stringify(affectedRows)}`);
    await screenshot('problems-panel');

    // Hover on the marked assertion: the via chain.
    await gotoLine(expect.affected.lines[0], 9);
    await key('Control+k');
    await key('Control+i'); // Show Hover
    const hover = await waitUntil('the hover with the via chain', hoverText, (h) => /affected by your edit to Complex#negate\(\)/.test(h) && /via testNegate line 13/.test(h), T_STEP);
    ok(`hover: ${JSON.stringify(hover.slice(0, 200))}`);
    await screenshot('hover-via-chain');
    await page.keyboard.press('Escape');

    // 4. Run from the lens on the edited method: the broken assertion becomes an Error.
    await openFile(editFile);
    await waitUntil('the run lens link', () => [...document.querySelectorAll('.codelens-decoration a')].some((a) => /affects 2 assertions/.test(a.textContent)), Boolean, T_STEP);
    // A real mouse click: the editor handles lens clicks through its own mouse events.
    const box = await page.evaluate(() => {
      const a = [...document.querySelectorAll('.codelens-decoration a')].find((x) => /affects 2 assertions/.test(x.textContent));
      const r = a.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    });
    await page.mouse.click(box.x, box.y);
    ok('clicked "affects 2 assertions in 1 test ▸ run"');
    const failLine = expect.failsAfterEdit[0];
    const errRows = await waitUntil('the failed assertion as an Error in the Problems panel', problemRows,
      (rs) => rs.some((r) => /expected/.test(r) && /-2\.0/.test(r) && /2\.0/.test(r)), T_RUN);
    ok(`Problems panel after the run: ${JSON.stringify(errRows.filter((r) => /expected/.test(r)))}`);
    const ranLens = await waitUntil('the lens to carry the result', lensTexts, (ls) => ls.some((l) => /✗ 1 failed/.test(l)), T_STEP);
    ok(`lens after the run: ${JSON.stringify(ranLens)}`);
    const st2 = await waitUntil('the status bar to show the failure', () => [...document.querySelectorAll('.statusbar-item')].filter((e) => (e.id || '').includes('assertlens')).map((e) => e.textContent.trim()).join(' | '), (t) => /1 failed/.test(t) && /assertions? affected/.test(t) && !/no assertions affected/.test(t), T_STEP);
    ok(`status bar after the run: "${st2}"`);
    await screenshot('after-run');

    await openFile(testFile);
    const errMarked = await waitUntil(`an Error squiggle on line ${failLine}`, () => document.querySelectorAll('.squiggly-error').length, (n) => n > 0, T_STEP);
    ok(`error squiggles in the test file: ${errMarked}`);
    const notifications = await page.evaluate(() => [...document.querySelectorAll('.notifications-toasts .notification-list-item-message')].map((e) => e.textContent.trim()));
    const runToasts = notifications.filter((n) => /failed/.test(n));
    if (runToasts.length > 1) throw new Failure(`one run, ${runToasts.length} popups: ${JSON.stringify(runToasts)}`);
    ok(`one popup for the run: ${JSON.stringify(runToasts)}`);
    await screenshot('test-file-after-run');

    // 5. The Test Explorer: classes → methods → assertion slices, with the run's result.
    await command('Testing: Focus on Test Explorer View');
    const rowsOf = () => [...document.querySelectorAll('.test-explorer .monaco-list-row')].map((r) => ({
      text: r.textContent.trim(),
      failed: !!r.querySelector('.codicon-testing-failed-icon'),
      passed: !!r.querySelector('.codicon-testing-passed-icon'),
    }));
    await waitUntil('the test class in the Test Explorer', rowsOf, (rs) => rs.some((r) => /ComplexTest/.test(r.text)), T_STEP);
    // Expand class → method: the run from the lens shows there too.
    for (const label of ['ComplexTest', 'testNegate']) {
      const box = await page.evaluate((l) => {
        const row = [...document.querySelectorAll('.test-explorer .monaco-list-row')].find((r) => r.textContent.trim().startsWith(l));
        const tw = row && row.querySelector('.monaco-tl-twistie');
        if (!tw) return undefined;
        const b = tw.getBoundingClientRect();
        return { x: b.x + b.width / 2, y: b.y + b.height / 2, expanded: row.getAttribute('aria-expanded') === 'true' };
      }, label);
      if (box === undefined) throw new Failure(`no ${label} row in the Test Explorer: ${JSON.stringify(await page.evaluate(rowsOf))}`);
      if (!box.expanded) await page.mouse.click(box.x, box.y);
    }
    const tree = await waitUntil('classes → methods → assertion slices, with the run\'s outcome', rowsOf, (rs) =>
      rs.some((r) => /^ComplexTest/.test(r.text) && r.failed) &&
      rs.some((r) => /^testNegate/.test(r.text) && r.failed) &&
      rs.some((r) => /^line 15/.test(r.text) && r.failed) &&
      rs.some((r) => /^line 14/.test(r.text) && r.passed) &&
      rs.some((r) => /^testPlus/.test(r.text)), T_STEP);
    ok(`Test Explorer: ${JSON.stringify(tree.map((r) => `${r.failed ? '✗ ' : r.passed ? '✓ ' : ''}${r.text}`))}`);
    await screenshot('test-explorer');

    // Run a test through the Testing API itself (what the gutter icon does): testPlus, which
    // nothing affects, passes with both of its assertion slices.
    await page.evaluate(() => document.querySelector('.editor-instance .view-lines')?.click());
    await gotoLine(20, 9);
    await command('Test: Run Test at Cursor');
    const plus = await waitUntil('testPlus to pass in the Test Explorer', rowsOf, (rs) => rs.some((r) => /^testPlus/.test(r.text) && r.passed), T_RUN);
    ok(`run from the Testing API: ${JSON.stringify(plus.filter((r) => /^testPlus/.test(r.text)).map((r) => `✓ ${r.text}`))}`);
    await screenshot('test-explorer-run');

    // 6. A server that cannot start (a workspace whose assertlens.path is a binary that
    // rejects --stdio, the original blocker): the error state and the server's own reason,
    // not a hint to fix a correct path.
    await page.close();
    page = await browser.newPage();
    await page.setViewport({ width: 1400, height: 900 });
    await page.goto(args['broken-url'], { waitUntil: 'domcontentloaded', timeout: T_START });
    await page.waitForSelector('.monaco-workbench', { timeout: T_START });
    const toast = await waitUntil('the start failure notification', () => [...document.querySelectorAll('.notifications-toasts .notification-list-item-message')].map((e) => e.textContent.trim()),
      (ms) => ms.some((m) => /flag provided but not defined: -stdio/.test(m)), T_STEP);
    const startMsgs = toast.filter((m) => /flag provided/.test(m));
    if (startMsgs.some((m) => /assertlens\.path/.test(m))) throw new Failure(`the message blames assertlens.path for a server that ran: ${JSON.stringify(startMsgs)}`);
    ok(`a server that cannot start: ${JSON.stringify(startMsgs)}`);
    const stErr = await waitUntil('the status bar error state', () => [...document.querySelectorAll('.statusbar-item')].filter((e) => (e.id || '').includes('assertlens')).map((e) => (e.querySelector('.codicon-error') ? '[error] ' : '') + e.textContent.trim()).join(' | '), (t) => /^\[error\] assertlens/.test(t), T_STEP);
    ok(`status bar after a failed start: "${stErr}"`);
    await screenshot('server-cannot-start');

    console.log(`${passed.length} passed, 0 failed`);
  } finally {
    await browser.close();
  }
}

main().catch(async (err) => {
  console.error(`not ok - ${err instanceof Failure ? err.message : err.stack}`);
  console.log(`${passed.length} passed, 1 failed`);
  process.exit(1);
});
