import '@testing-library/jest-dom';
import { createHash } from 'node:crypto';
import { TextDecoder, TextEncoder } from 'node:util';

// What every browser the site supports has and jsdom lacks: the start-up loader hashes its payload
// and decodes it (lib/browser/loader.ts). SHA-256 by Node's hash, settled in the microtask queue
// (Node's own crypto.subtle answers from its thread pool, which fake timers cannot wait for).
if (typeof window !== 'undefined') {
  const subtle = {
    digest: async (algorithm: string, data: ArrayBuffer | ArrayBufferView) => {
      if (algorithm !== 'SHA-256') throw new Error(`jest.setup.ts: no ${algorithm} here`);
      const bytes = ArrayBuffer.isView(data)
        ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
        : new Uint8Array(data);
      return Uint8Array.from(createHash('sha256').update(bytes).digest()).buffer;
    },
  };
  if (!globalThis.crypto.subtle)
    Object.defineProperty(globalThis.crypto, 'subtle', { value: subtle, configurable: true });
  if (typeof globalThis.TextDecoder === 'undefined') Object.assign(globalThis, { TextDecoder, TextEncoder });
}
