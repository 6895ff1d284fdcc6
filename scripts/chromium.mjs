// @ts-check
import { existsSync } from 'node:fs';

/**
 * The Chromium the Lighthouse scripts drive: CHROMIUM_PATH, else Debian's /usr/bin/chromium. Exits
 * with what to do when there is none, before any server starts (chrome-launcher would otherwise
 * fail with a server still holding the process open).
 */
export function chromiumPath() {
  const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(chromePath)) {
    console.error(`No Chromium at ${chromePath}: install it (apt-get install chromium) or set CHROMIUM_PATH.`);
    process.exit(1);
  }
  return chromePath;
}
