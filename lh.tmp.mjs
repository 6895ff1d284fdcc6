import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const [before, after] = process.argv.slice(2);
const runs = 5;
const results = { before: [], after: [] };
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox'] });
for (let i = 0; i < runs; i++) {
  for (const [name, base] of [['before', before], ['after', after]]) {
    const r = await lighthouse(`${base}/cart/`, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
    const a = r.lhr.audits;
    const el = a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '';
    results[name].push({ perf: r.lhr.categories.performance.score, lcp: a['largest-contentful-paint'].numericValue, fcp: a['first-contentful-paint'].numericValue, cls: a['cumulative-layout-shift'].numericValue, el: el.slice(0, 80) });
  }
}
await chrome.kill();
const med = (v) => { const s = [...v].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };
for (const [name, list] of Object.entries(results)) {
  console.log(name, 'LCP', list.map((r) => Math.round(r.lcp)).join(' '), 'median', Math.round(med(list.map((r) => r.lcp))), 'FCP', Math.round(med(list.map((r) => r.fcp))), 'perf', med(list.map((r) => r.perf)), 'CLS', med(list.map((r) => r.cls)));
  console.log('  LCP element:', [...new Set(list.map((r) => r.el))].join(' | '));
}
