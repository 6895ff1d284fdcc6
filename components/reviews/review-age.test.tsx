import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { ReviewAge } from '@/components/reviews/review-age';

afterEach(() => jest.useRealTimers());

describe('ReviewAge', () => {
  it('writes the date in full into the HTML, whenever the page is built', () => {
    for (const now of ['2026-11-27T12:00:00Z', '2027-03-01T12:00:00Z']) {
      jest.useFakeTimers({ now: new Date(now) });
      expect(renderToString(<ReviewAge date="2026-11-20" full="20 November 2026" />)).toBe(
        '<time dateTime="2026-11-20" title="20 November 2026" data-age="">20 November 2026</time>',
      );
    }
  });

  it("says how long ago in the browser, from the reader's today, the full date kept as its title", () => {
    jest.useFakeTimers({ now: new Date('2026-11-27T12:00:00Z') });
    const { container } = render(<ReviewAge date="2026-11-20" full="20 November 2026" />);
    const time = container.querySelector('time')!;
    expect(time).toHaveTextContent('1 week ago');
    expect(time).toHaveAttribute('title', '20 November 2026');
    expect(time).toHaveAttribute('dateTime', '2026-11-20');
  });
});
