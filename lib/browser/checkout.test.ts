import { completeHandoff } from './checkout';
import { serializePendingHandoff } from '../checkout';

const item = (courseID: string) => ({ courseID, course_name: courseID, discounted_price: 9.99 });

beforeEach(() => localStorage.clear());

describe('completeHandoff', () => {
  it('takes exactly the handed-off courses out of the cart, tells the page as another tab would, and only once', async () => {
    localStorage.setItem('cart', JSON.stringify([item('py-101'), item('aws-101'), item('py-202')]));
    localStorage.setItem('checkout-pending', serializePendingHandoff(['py-202', 'py-101'], Date.now()));
    const events: (string | null)[] = [];
    const listen = (event: StorageEvent) => events.push(event.newValue);
    window.addEventListener('storage', listen);

    expect(completeHandoff()).toEqual(['py-202', 'py-101']);
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([item('aws-101')]);
    await Promise.resolve();
    expect(events).toEqual([localStorage.getItem('cart')]);

    expect(completeHandoff()).toBeNull();
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([item('aws-101')]);
    window.removeEventListener('storage', listen);
  });

  it('with nothing pending, or a handoff over a day old, changes nothing', () => {
    const cart = JSON.stringify([item('py-101')]);
    localStorage.setItem('cart', cart);
    expect(completeHandoff()).toBeNull();
    localStorage.setItem('checkout-pending', serializePendingHandoff(['py-101'], Date.now() - 25 * 60 * 60 * 1000));
    expect(completeHandoff()).toBeNull();
    expect(localStorage.getItem('cart')).toBe(cart);
    expect(localStorage.getItem('checkout-pending')).toBeNull();
  });
});
