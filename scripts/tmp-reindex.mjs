import { rmSync, readdirSync } from 'node:fs';
import path from 'node:path';
const outDir = path.resolve(process.argv[2]);
for (const f of readdirSync(path.join(outDir, 'pagefind'))) if (f.startsWith('.')) rmSync(path.join(outDir, 'pagefind', f));
const { run } = await import('./export/search-index.mjs');
const t = Date.now();
console.log(await run({ outDir }), (Date.now() - t) / 1000, 's');
