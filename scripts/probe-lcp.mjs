// temporary probe: one mobile Lighthouse run of a page; prints LCP phases and the LCP image's request
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumPath } from './chromium.mjs';
import { startStaticServer } from './static-server.mjs';
const [dir, pagePath] = process.argv.slice(2);
const server = await startStaticServer(dir);
const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
try {
  for (let i = 0; i < 2; i++) {
    const { lhr } = await lighthouse(`${server.origin}${pagePath}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const a = lhr.audits;
    console.log('LCP', a['largest-contentful-paint'].numericValue, 'FCP', a['first-contentful-paint'].numericValue);
    const br = a['lcp-breakdown-insight']?.details?.items ?? a['largest-contentful-paint-element']?.details?.items;
    console.log(JSON.stringify(br?.map((x) => x.items ?? x), null, 0).slice(0, 1500));
    for (const r of a['network-requests'].details.items)
      console.log(r.url.replace(server.origin, ''), r.protocol, 'conn', r.connectionId, 'reused', r.connectionReused, 'start', Math.round(r.networkRequestTime), 'end', Math.round(r.networkEndTime), r.transferSize, r.priority);
  }
} finally { await chrome.kill(); await server.close?.(); }
