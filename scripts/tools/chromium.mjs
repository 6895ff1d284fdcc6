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
