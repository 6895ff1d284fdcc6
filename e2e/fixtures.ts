import { existsSync } from 'node:fs';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { stubPaddle } from './paddle-stub';

type ConsoleOptions = {
  /** Console messages a test expects (e.g. the 404 of a page that is meant to be missing). */
  allowedConsole: RegExp | undefined;
  /**
   * Failed requests a test expects, matched against 'url error' (e.g. the network errors of
   * a test that takes the browser offline).
   */
  allowedRequestFailures: RegExp | undefined;
  /**
   * The build loads Paddle.js (CHECKOUT_PROVIDER=paddle): Paddle's CDN answers with the stub. Other
   * builds must not ask for it, and a request there fails the test. Only then is anything routed:
   * routing passes every request of the page through the test runner and turns off the HTTP cache.
   */
  paddleBuild: boolean;
};

/** Playwright's own console notice where the config blocks service workers (all but the offline specs). */
export function isHarnessNotice(text: string): boolean {
  return text.startsWith('Service Worker registration blocked by Playwright');
}

/** The option a project of a Paddle build sets in playwright.config.ts. */
export type PaddleBuildOption = Pick<ConsoleOptions, 'paddleBuild'>;

/**
 * The `page` of every e2e test fails the test on any console error or warning, any
 * uncaught page error and any failed request: the browser console must stay clean. It also
 * fails on any Content-Security-Policy violation, reported from the page by an init script,
 * so that every test checks the policy against what it does. For a Paddle build (`paddleBuild`),
 * Paddle's CDN answers with the stub Paddle.js (e2e/paddle-stub.ts) unless a test routes it
 * otherwise: with local prices it loads on course pages and the cart once they are idle, and no
 * test reaches Paddle.
 */
export const test = base.extend<ConsoleOptions>({
  allowedConsole: [undefined, { option: true }],
  allowedRequestFailures: [undefined, { option: true }],
  paddleBuild: [false, { option: true }],
  page: async ({ page, allowedConsole, allowedRequestFailures, paddleBuild }, use) => {
    const problems: string[] = [];
    const allowed = (text: string) => allowedConsole?.test(text) ?? false;
    if (paddleBuild) await stubPaddle(page);

    await page.exposeBinding('__reportCspViolation', (_source, violation: string) => {
      problems.push(`CSP violation: ${violation}`);
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { __reportCspViolation: (violation: string) => void })
          .__reportCspViolation;
        report(
          `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber} (${event.sample})`,
        );
      });
    });

    page.on('console', (message) => {
      const type = message.type();
      if ((type === 'error' || type === 'warning') && !allowed(message.text()) && !isHarnessNotice(message.text())) {
        problems.push(`console.${type}: ${message.text()} (${message.location().url})`);
      }
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 400 && !allowed(response.url())) {
        problems.push(`HTTP ${response.status()}: ${response.url()}`);
      }
    });
    page.on('requestfailed', (request) => {
      const failure = request.failure()?.errorText ?? '';
      // A navigation that supersedes a prefetch aborts it, and a context with JavaScript
      // disabled blocks scripts ('csp'): neither is an error of the site.
      if (
        failure !== 'net::ERR_ABORTED' &&
        failure !== 'csp' &&
        !allowedRequestFailures?.test(`${request.url()} ${failure}`)
      )
        problems.push(`request failed: ${request.url()} ${failure}`);
    });

    await use(page);

    expect(problems, 'the browser console stays clean').toEqual([]);
  },
});

export { expect };

/** Dismisses and records any alert, confirm or prompt: an injected script would open one (expect none). */
export function refuseDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', async (dialog) => {
    opened.push(dialog.message());
    await dialog.dismiss();
  });
  return opened;
}

/** Waits until React has hydrated the page, so that client-side handlers are attached. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** Waits until the service worker's run-time cache of pages holds `pathname` (it caches pages as they load). */
export async function waitForCachedPage(page: Page, pathname: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(async (wanted) => {
        const keys = await (await caches.open('pages')).keys();
        return keys.some((request) => new URL(request.url).pathname === wanted);
      }, pathname),
    )
    .toBe(true);
}

/**
 * The security headers every response of a build without a Paddle checkout carries
 * (build/host-headers.ts): no framing, no sniffing, the referrer policy, and a permissions
 * policy that turns off the camera and, with no checkout frame, payment for everyone.
 */
export function expectSecurityHeaders(headers: Record<string, string>, path: string): void {
  expect(headers['content-security-policy'], path).toBe("frame-ancestors 'none'");
  expect(headers['x-content-type-options'], path).toBe('nosniff');
  expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], path).toMatch(/(^|, )camera=\(\)/);
  expect(headers['permissions-policy'], path).toMatch(/(^|, )payment=\(\)(, |$)/);
}

/** Waits until a service worker controls the page (it installs after the page has loaded). */
export async function waitForWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

/**
 * What the browser chose for an image once it has loaded: the URL, the variant's width (from its
 * name, `….<width>w.webp`) and the slot's width, both in device pixels.
 */
export async function chosenImage(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
    .toBe(true);
  return image.evaluate((element: HTMLImageElement) => ({
    url: element.currentSrc,
    served: Number(/\.(\d+)w\.webp$/.exec(element.currentSrc)?.[1]),
    slot: element.getBoundingClientRect().width * devicePixelRatio,
  }));
}

/**
 * The course ids of the cards in the page's main region (or in `scope`), in order (from their
 * 'See details' links).
 */
export async function cardIds(page: Page, scope: Locator = page.getByRole('main')): Promise<string[]> {
  const hrefs = await scope
    .getByRole('link', { name: /^See details/ })
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => href.replace(/^\/courses\/|\/$/g, ''));
}

/**
 * Saves `entries` as the cart before the first page of this tab runs any script (and only then),
 * as the site saves it: objects naming a course in `courseID` (the only field it trusts).
 */
export async function seedCart(page: Page, entries: object[]): Promise<void> {
  await page.addInitScript((value) => {
    if (sessionStorage.getItem('e2e-seeded')) return;
    sessionStorage.setItem('e2e-seeded', '1');
    localStorage.setItem('cart', value);
  }, JSON.stringify(entries));
}

/** The sub-path specs' precondition: `npm run build:subpath` has exported out-storefront/. */
export function requireSubpathBuild(): void {
  if (!existsSync('out-storefront/index.html')) {
    throw new Error('No sub-path build in out-storefront/: run `npm run build:subpath` first.');
  }
}
