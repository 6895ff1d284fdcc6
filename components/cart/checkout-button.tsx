'use client';

import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { checkoutConfig, HANDOFF_FAILURE_MESSAGES, handOff, HandoffFailure } from '@/lib/browser/checkout';
import { useCouponCode } from '@/lib/browser/coupon';

const subscribeToNothing = () => () => {};
const isClient = () => true;
const isServer = () => false;

type Phase = { name: 'idle' } | { name: 'opening' } | { name: 'failed'; message: string };

/**
 * 'Checkout' (the cart) or 'Buy now' (a course page) in a build that sells: hands the courses
 * off to the provider (lib/browser/checkout.ts). While it opens it says so and ignores presses;
 * when it fails, the cart is as it was and the message beside it says what happened and what
 * to try; the button works again.
 */
export function CheckoutButton({
  courseIds,
  label = 'Checkout',
  variant,
  size = 'lg',
  className,
}: {
  courseIds: readonly string[];
  label?: string;
  variant?: 'primary' | 'secondary';
  size?: 'md' | 'lg';
  className?: string;
}) {
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  // The code only, never an amount: the provider judges it.
  const couponCode = useCouponCode();
  // Until hydration a press would do nothing: the button says so by being disabled.
  const hydrated = useSyncExternalStore(subscribeToNothing, isClient, isServer);
  // A ref, not the state: two presses in one frame both see the state before either render.
  const busy = useRef(false);

  useEffect(() => {
    // Back from the provider's page (a cancelled checkout) through the back-forward cache.
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      busy.current = false;
      setPhase({ name: 'idle' });
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  async function start() {
    if (busy.current) return;
    busy.current = true;
    setPhase({ name: 'opening' });
    const config = checkoutConfig();
    try {
      if (!config) throw new HandoffFailure('unavailable');
      await handOff(config, courseIds, couponCode);
      // Paddle's overlay opens over this page: once it is up, the button may open it again.
      if (config.provider === 'paddle') {
        busy.current = false;
        setPhase({ name: 'idle' });
      }
    } catch (error) {
      busy.current = false;
      const reason = error instanceof HandoffFailure ? error.reason : navigator.onLine ? 'network' : 'offline';
      setPhase({ name: 'failed', message: HANDOFF_FAILURE_MESSAGES[reason] });
    }
  }

  const opening = phase.name === 'opening';
  return (
    <div className={className}>
      <Button
        variant={variant}
        size={size}
        className="w-full"
        onClick={() => void start()}
        disabled={!hydrated}
        aria-disabled={opening || undefined}
        data-state={phase.name}
      >
        {opening ? 'Opening checkout…' : label}
      </Button>
      <p
        role={phase.name === 'failed' ? 'alert' : 'status'}
        className={cn(
          'text-sm',
          phase.name === 'failed' ? 'mt-3 rounded border border-line bg-canvas px-4 py-3 text-ink' : 'sr-only',
        )}
      >
        {phase.name === 'failed' ? phase.message : opening ? 'Opening checkout…' : ''}
      </p>
    </div>
  );
}
