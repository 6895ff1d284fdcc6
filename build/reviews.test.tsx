/** @jest-environment node */
import { parseDocument, DomUtils } from 'htmlparser2';
import { getCourse, getReviews } from '@/lib/server/catalogue';
import { reviewsHref } from '@/lib/routes';
import { reviewsMetadata } from '@/lib/server/seo';
import { HeadTags, renderDocument } from './document';
import { renderReviewsPage } from './reviews';
import { renderToStaticMarkup } from 'react-dom/server';

// As the documents step bundles it (config/bundles.mjs, a `document` bundle): no Next router.
jest.mock('next/navigation', () => jest.requireActual('./static-navigation'));

const course = getCourse('py-101')!;
const reviews = getReviews(course.id);

function parse(html: string) {
  const document = parseDocument(html);
  const all = DomUtils.findAll(() => true, document.children);
  const meta = (attribute: string, value: string) =>
    all.find((element) => element.name === 'meta' && element.attribs[attribute] === value)?.attribs.content;
  return { all, meta, text: (name: string) => DomUtils.textContent(all.find((element) => element.name === name)!) };
}

describe("'Show all reviews', made without Next", () => {
  it("says in its head what the page's Metadata says, as Next writes it", () => {
    const { route, html } = renderReviewsPage({ id: course.id, page: 1 }, ['/_next/static/chunks/site.css']);
    expect(route).toBe(reviewsHref(course.id));
    const metadata = reviewsMetadata(course, reviews.length, 1);
    const { meta, text, all } = parse(html);
    expect(html.startsWith('<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>')).toBe(true);
    expect(text('title')).toBe(`${metadata.title} | Coursely`);
    expect(meta('name', 'description')).toBe(metadata.description);
    expect(meta('name', 'robots')).toBe('noindex, follow');
    expect(meta('name', 'viewport')).toBe('width=device-width, initial-scale=1');
    expect(meta('name', 'theme-color')).toBe('#5624d0');
    expect(meta('name', 'application-name')).toBe('Coursely');
    expect(meta('name', 'apple-mobile-web-app-title')).toBe('Coursely');
    expect(all.find((element) => element.attribs?.rel === 'canonical')?.attribs.href).toBe(
      metadata.alternates?.canonical,
    );
    expect(meta('property', 'og:url')).toBe(metadata.alternates?.canonical);
    expect(meta('property', 'og:title')).toBe(metadata.title);
    expect(meta('property', 'og:image')).toMatch(/\/og\/default\.jpg$/);
    expect(meta('property', 'og:image:width')).toBe('1200');
    expect(meta('name', 'twitter:card')).toBe('summary_large_image');
    expect(meta('name', 'twitter:description')).toBe(metadata.description);
    expect(all.filter((element) => element.name === 'link' && element.attribs.rel === 'stylesheet')).toHaveLength(1);
  });

  it('writes each review date in full, the same whenever it is built, and says how long ago with a script after the list', () => {
    jest.useFakeTimers({ now: new Date('2026-11-27T12:00:00Z') });
    const { html } = renderReviewsPage({ id: course.id, page: 1 }, []);
    jest.setSystemTime(new Date('2027-06-01T12:00:00Z'));
    expect(renderReviewsPage({ id: course.id, page: 1 }, []).html).toBe(html);
    jest.useRealTimers();
    const { all } = parse(html);
    const times = all.filter((element) => element.name === 'time');
    expect(times.map((time) => time.attribs.datetime)).toEqual(reviews.map((review) => review.date));
    expect(times.map((time) => DomUtils.textContent(time))).toEqual(times.map((time) => time.attribs.title));
    expect(DomUtils.textContent(times[0]!)).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    const main = all.find((element) => element.name === 'main')!;
    const script = DomUtils.findAll((element) => element.name === 'script', main.children);
    expect(script).toHaveLength(1);
    expect(DomUtils.textContent(script[0]!)).toContain('time[data-age]');
  });

  it('has the body of every page around its reviews: the navigation bar, main, the footer and the first-paint script', () => {
    const { html } = renderReviewsPage({ id: course.id, page: 1 }, []);
    const { all } = parse(html);
    const body = all.find((element) => element.name === 'body')!;
    expect(body.attribs.class).toBe('flex min-h-screen flex-col');
    const scripts = all.filter((element) => element.name === 'script');
    // The first-paint script, the first thing in the body, and the reviews' ages in <main>; no other script runs.
    expect(scripts.filter((script) => !script.attribs.type)).toHaveLength(2);
    expect(DomUtils.getChildren(body).find((node) => 'name' in node)).toBe(scripts[0]);
    for (const name of ['header', 'main', 'footer'])
      expect(all.filter((element) => element.name === name)).toHaveLength(1);
    const main = all.find((element) => element.name === 'main')!;
    expect(main.attribs.id).toBe('main');
    expect(DomUtils.textContent(main)).toContain(`Reviews of ${course.course_name}`);
    for (const review of reviews) expect(DomUtils.textContent(main)).toContain(review.author);
    // The search form knows it is not on the search page: its field starts empty.
    expect(all.find((element) => element.attribs?.role === 'combobox')?.attribs.value ?? '').toBe('');
  });

  it("a star's page counts only that star's reviews, and says so", () => {
    const stars = reviews[0]!.rating;
    const count = reviews.filter((review) => review.rating === stars).length;
    const { route, html } = renderReviewsPage({ id: course.id, page: 1, stars }, []);
    expect(route).toBe(reviewsHref(course.id, { stars }));
    expect(parse(html).meta('name', 'description')).toBe(reviewsMetadata(course, count, 1, stars).description);
    expect(parse(html).meta('name', 'description')).toMatch(new RegExp(`^${count} ${stars}-star written review`));
  });

  it('refuses Metadata a page made without Next cannot say, rather than leave it out', () => {
    expect(() => renderToStaticMarkup(<HeadTags metadata={{ keywords: ['python'] }} viewport={{}} />)).toThrow(
      /keywords is not something a page made without Next can say/,
    );
    expect(() =>
      renderDocument({ route: '/x/', metadata: { robots: { index: false, googleBot: 'noindex' } }, content: null }, []),
    ).toThrow(/robots\.googleBot/);
  });
});
