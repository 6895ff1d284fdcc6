// @ts-check
import { existsSync } from 'node:fs';

/**
 * The one place the Chromium every browser tool drives is looked up (the e2e suite, Lighthouse,
 * the blocking gate, the benchmarks, screenshots): CHROMIUM_PATH, else Debian's /usr/bin/chromium.
 * @returns {string | undefined} undefined when neither exists
 */
export function findChromium() {
  const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  return existsSync(chromePath) ? chromePath : undefined;
}

/** Debian's package chromium-headless-shell puts the binary here (/usr/bin's is a shell wrapper). */
const DEBIAN_HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/**
 * The Chromium the end-to-end suite drives: the same release's headless shell, which is what
 * Playwright runs headless by default, and which runs the suite on far less CPU than the full
 * browser (docs/performance.md, 'The end-to-end suite in the headless shell').
 * CHROMIUM_HEADLESS_SHELL_PATH, else Debian's chromium-headless-shell, else the full browser.
 * The first-round-trip check, which reads a layout, uses it too. What times a page (Lighthouse,
 * the main-thread gate, the benchmarks) keeps the full browser, the one a visitor runs.
 * @returns {string | undefined} undefined when none exists
 */
export function findHeadlessShell() {
  const shellPath = process.env.CHROMIUM_HEADLESS_SHELL_PATH || DEBIAN_HEADLESS_SHELL;
  return existsSync(shellPath) ? shellPath : findChromium();
}

/**
 * The Chromium path, or an exit with what to do when there is none, before any server starts
 * (chrome-launcher would otherwise fail with a server still holding the process open).
 */
export function chromiumPath() {
  const chromePath = findChromium();
  if (!chromePath) {
    console.error(
      `No Chromium at ${process.env.CHROMIUM_PATH || '/usr/bin/chromium'}: install it (apt-get install chromium) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  return chromePath;
}
