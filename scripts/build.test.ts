/** @jest-environment node */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readEnv } from '../config/env.mjs';
import { compileBuild } from './build.mjs';

describe('the build, compiled once', () => {
  it('is one module under .cache/build/, named by its bytes: the same code and settings give the same file', () => {
    const file = compileBuild(readEnv({}));
    expect(path.relative(path.join(__dirname, '..'), file)).toMatch(/^\.cache\/build\/[0-9a-f]{64}\.mjs$/);
    expect(path.basename(file, '.mjs')).toBe(createHash('sha256').update(readFileSync(file)).digest('hex'));
    expect(compileBuild(readEnv({}))).toBe(file);
  }, 30_000);

  it("folds in next.config.mjs's values: a shop of another currency gets its own file", () => {
    const file = compileBuild(readEnv({ SHOP_CURRENCY: 'EUR', SHOP_LOCALE: 'de-DE' }));
    expect(file).not.toBe(compileBuild(readEnv({})));
    expect(readFileSync(file, 'utf8')).toMatch(/"currency":\s*"EUR"|currency:\s*"EUR"|\\"EUR\\"/);
  }, 30_000);

  it('leaves the packages its steps load at run time as imports, and bundles React with the production build', () => {
    const text = readFileSync(compileBuild(readEnv({})), 'utf8');
    for (const name of ['pagefind', 'sharp', 'satori', 'htmlparser2', 'esbuild'])
      expect(text).toMatch(new RegExp(`from ["']${name}["']|import\\(["']${name}["']\\)`));
    expect(text).not.toMatch(/from ["']react-dom\/server["']/);
    expect(text).not.toContain('react-dom-server.node.development');
  }, 30_000);
});
