/** @jest-environment node */
import { CART_SHARDS, cartShardOf } from './cart-shard';
import { getCourses } from './server/catalogue';

const synthetic = (count: number) => Array.from({ length: count }, (_, n) => `x-${String(n + 1).padStart(5, '0')}`);

describe('cartShardOf', () => {
  it('is FNV-1a (32-bit) modulo 256, as two lowercase hex digits', () => {
    expect(CART_SHARDS).toBe(256);
    // FNV-1a of '' is the offset basis 0x811c9dc5, of 'a' 0xe40c292c, of 'foobar' 0xbf9cf968.
    expect(cartShardOf('')).toBe('c5');
    expect(cartShardOf('a')).toBe('2c');
    expect(cartShardOf('foobar')).toBe('68');
    // Ids of the shipped catalogue: a change here moves every record to another file.
    expect(cartShardOf('py-301')).toBe('cd');
    expect(cartShardOf('des-101')).toBe('96');
    expect(cartShardOf('aws-101')).toBe('03');
  });

  it('always gives two hex digits, the same for the same id', () => {
    for (const id of [...synthetic(2000), 'a', 'z'.repeat(200), 'ü-ñ', '😀']) {
      const shard = cartShardOf(id);
      expect(shard).toMatch(/^[0-9a-f]{2}$/);
      expect(cartShardOf(id)).toBe(shard);
    }
  });

  it('spreads the shipped catalogue over many shards', () => {
    const ids = getCourses().map((course) => course.id);
    expect(ids).toHaveLength(22);
    expect(new Set(ids.map(cartShardOf)).size).toBeGreaterThanOrEqual(10);
  });

  it('fills all 256 shards with 10,000 ids, none over 3 times the mean', () => {
    const counts = new Map<string, number>();
    for (const id of synthetic(10_000)) counts.set(cartShardOf(id), (counts.get(cartShardOf(id)) ?? 0) + 1);
    expect(counts.size).toBe(CART_SHARDS);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual((3 * 10_000) / CART_SHARDS);
  });
});
