import { act, fireEvent, render, screen } from '@testing-library/react';
import { CheckoutButton } from './checkout-button';

const handOff = jest.fn<Promise<void>, [unknown, readonly string[]]>();

jest.mock('@/lib/browser/checkout', () => {
  const actual = jest.requireActual<typeof import('@/lib/browser/checkout')>('@/lib/browser/checkout');
  return {
    ...actual,
    checkoutConfig: () => ({ provider: 'form', action: 'https://pay.example.com/checkout' }),
    handOff: (...args: [unknown, readonly string[]]) => handOff(...args),
  };
});

afterEach(() => handOff.mockReset());

/** A promise and the functions that settle it. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('CheckoutButton', () => {
  it('hands off the courses once, however often it is pressed while opening, and says it is opening', async () => {
    const opening = deferred();
    handOff.mockReturnValue(opening.promise);
    render(<CheckoutButton courseIds={['py-202', 'py-101']} />);
    const button = screen.getByRole('button', { name: 'Checkout' });
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.click(button);
    expect(handOff).toHaveBeenCalledTimes(1);
    expect(handOff.mock.calls[0]![1]).toEqual(['py-202', 'py-101']);
    expect(button).toHaveTextContent('Opening checkout…');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Opening checkout…');
    await act(async () => opening.resolve());
  });

  it('on failure says what happened and what to try, and works again', async () => {
    const { HandoffFailure } = jest.requireActual<typeof import('@/lib/browser/checkout')>('@/lib/browser/checkout');
    handOff.mockRejectedValueOnce(new HandoffFailure('blocked'));
    render(<CheckoutButton courseIds={['py-101']} label="Buy now" />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Buy now' })));
    expect(screen.getByRole('alert')).toHaveTextContent(/could not load.*blocker/);
    const button = screen.getByRole('button', { name: 'Buy now' });
    expect(button).not.toHaveAttribute('aria-disabled');

    handOff.mockReturnValueOnce(new Promise(() => {}));
    fireEvent.click(button);
    expect(handOff).toHaveBeenCalledTimes(2);
  });

  it('offline, says a connection is needed', async () => {
    const { HandoffFailure } = jest.requireActual<typeof import('@/lib/browser/checkout')>('@/lib/browser/checkout');
    handOff.mockRejectedValueOnce(new HandoffFailure('offline'));
    render(<CheckoutButton courseIds={['py-101']} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Checkout' })));
    expect(screen.getByRole('alert')).toHaveTextContent('Checkout needs a connection.');
  });
});
