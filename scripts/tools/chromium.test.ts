/** @jest-environment node */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findChromium, findHeadlessShell } from './chromium.mjs';

describe('the Chromium each tool drives', () => {
  const saved = { ...process.env };
  let dir: string;
  let shell: string;
  let browser: string;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'chromium-'));
    shell = path.join(dir, 'chromium-headless-shell');
    browser = path.join(dir, 'chromium');
    writeFileSync(shell, '');
    writeFileSync(browser, '');
  });

  afterEach(() => {
    process.env = { ...saved };
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs the end-to-end suite in the headless shell, and times pages in the full browser', () => {
    process.env.CHROMIUM_HEADLESS_SHELL_PATH = shell;
    process.env.CHROMIUM_PATH = browser;
    expect(findHeadlessShell()).toBe(shell);
    expect(findChromium()).toBe(browser);
  });

  it('falls back to the full browser where no headless shell is installed', () => {
    process.env.CHROMIUM_HEADLESS_SHELL_PATH = path.join(dir, 'missing');
    process.env.CHROMIUM_PATH = browser;
    expect(findHeadlessShell()).toBe(browser);
  });

  it('finds neither where neither is installed', () => {
    process.env.CHROMIUM_HEADLESS_SHELL_PATH = path.join(dir, 'missing');
    process.env.CHROMIUM_PATH = path.join(dir, 'missing too');
    expect(findHeadlessShell()).toBeUndefined();
    expect(findChromium()).toBeUndefined();
  });
});
