import 'react';

/*
 * The HTML invoker attributes (a <button> that opens or closes a <dialog> with no script) and the
 * dialog's `closedby`: React 19.3 passes lowercase unknown attributes through as they are, but its
 * types do not list these yet.
 */
declare module 'react' {
  interface ButtonHTMLAttributes<T> extends HTMLAttributes<T> {
    command?: 'show-modal' | 'close' | 'request-close' | 'toggle-popover' | 'show-popover' | 'hide-popover';
    commandfor?: string;
  }
  interface DialogHTMLAttributes<T> extends HTMLAttributes<T> {
    closedby?: 'any' | 'closerequest' | 'none';
  }
}
