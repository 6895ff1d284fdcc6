import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { serveCartItems } from '@/test/helpers/serve-cart-items';
import { getCartIndex } from '@/test/helpers/cart-index';
import { WishlistProvider } from './wishlist-provider';
import { WishlistToggle } from './wishlist-toggle';
import { WishlistToggles } from './wishlist-toggles';

const [course] = Object.values(getCartIndex());
const { courseID: id, course_name: name } = course!;

function ui(withText = false) {
  return (
    <WishlistProvider>
      <WishlistToggles />
      <WishlistToggle id={id} name={name} withText={withText} />
    </WishlistProvider>
  );
}

beforeEach(() => {
  serveCartItems();
});
afterEach(() => localStorage.clear());

describe('WishlistToggle', () => {
  it('is a link that adds the course on /wishlist/ in the static HTML, so it works before hydration', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(ui());
    const link = container.querySelector('a');
    expect(link).toHaveAttribute('href', `/wishlist/?add=${id}`);
    expect(link).toHaveAccessibleName(`Add to wishlist: ${name}`);
    expect(container.querySelector('button')).toBeNull();
  });

  it('once hydrated, is a toggle button named for the course, saving and removing it', async () => {
    const user = userEvent.setup();
    render(ui());
    const add = await screen.findByRole('button', { name: `Add to wishlist: ${name}` });
    expect(add).toHaveAttribute('aria-pressed', 'false');

    await user.click(add);
    const remove = await screen.findByRole('button', { name: `Remove from wishlist: ${name}` });
    expect(remove).toHaveAttribute('aria-pressed', 'true');
    await screen.findByRole('button', { pressed: true });
    expect(localStorage.getItem('wishlist')).toBe(JSON.stringify([id]));

    await user.click(remove);
    expect(await screen.findByRole('button', { name: `Add to wishlist: ${name}` })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(localStorage.getItem('wishlist')).toBe('[]');
  });

  it('answers Space like a button, and keeps its visible text in step with its name', async () => {
    const user = userEvent.setup();
    render(ui(true));
    const add = await screen.findByRole('button', { name: `Add to wishlist: ${name}` });
    expect(add).toHaveTextContent(/^Add to wishlist$/);

    add.focus();
    await user.keyboard(' ');
    const remove = await screen.findByRole('button', { name: `Remove from wishlist: ${name}`, pressed: true });
    expect(remove).toHaveTextContent(/^Remove from wishlist$/);
    expect(localStorage.getItem('wishlist')).toBe(JSON.stringify([id]));
  });

  it("makes a toggle added to the page later (the course page's related courses) a button too", async () => {
    localStorage.setItem('wishlist', JSON.stringify([id]));
    render(ui());
    await screen.findByRole('button', { name: `Remove from wishlist: ${name}` });
    const later = document.createElement('div');
    later.innerHTML = renderToString(<WishlistToggle id={id} name={name} />);
    document.body.append(later);
    expect(
      await within(later).findByRole('button', { name: `Remove from wishlist: ${name}`, pressed: true }),
    ).toBeVisible();
    later.remove();
  });

  it('shows a course saved in another visit as pressed, without fetching anything', async () => {
    localStorage.setItem('wishlist', JSON.stringify([id]));
    const { fetchMock } = serveCartItems();
    render(ui());
    expect(await screen.findByRole('button', { name: `Remove from wishlist: ${name}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
