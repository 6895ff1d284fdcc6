/** @jest-environment node */
import { cartShardOf } from '@/lib/cart-shard';
import { getCourses, toCartItem } from '@/lib/server/catalogue';
import { GET, generateStaticParams } from './route';

async function get(file: string): Promise<Response> {
  return GET(new Request(`http://localhost/cart-items/${file}`), { params: Promise.resolve({ file }) });
}

describe('/cart-items/{shard}.json', () => {
  const files = generateStaticParams().map((params) => params.file);

  it('writes one file per shard that holds a course, with no duplicates', () => {
    const shards = new Set(getCourses().map((course) => cartShardOf(course.id)));
    expect(new Set(files).size).toBe(files.length);
    expect(new Set(files)).toEqual(new Set([...shards].map((shard) => `${shard}.json`)));
    for (const file of files) expect(file).toMatch(/^[0-9a-f]{2}\.json$/);
  });

  it('puts every course in exactly the shard cartShardOf names, as its cart item, and nothing else', async () => {
    const found = new Map<string, string>();
    for (const file of files) {
      const response = await get(file);
      expect(response.status).toBe(200);
      const records = (await response.json()) as Record<string, unknown>;
      expect(Object.keys(records).length).toBeGreaterThan(0);
      for (const id of Object.keys(records)) {
        expect(found.has(id)).toBe(false);
        found.set(id, file);
      }
    }
    const courses = getCourses();
    expect(found.size).toBe(courses.length);
    for (const course of courses) {
      const file = `${cartShardOf(course.id)}.json`;
      expect(found.get(course.id)).toBe(file);
      const records = (await (await get(file)).json()) as Record<string, unknown>;
      expect(records[course.id]).toEqual(toCartItem(course));
    }
  });

  it('answers 404 for a shard no course hashes to, and for a name that is no shard', async () => {
    const empty = Array.from({ length: 256 }, (_, n) => `${n.toString(16).padStart(2, '0')}.json`).find(
      (file) => !files.includes(file),
    );
    expect(empty).toBeDefined();
    expect((await get(empty!)).status).toBe(404);
    expect((await get('py-301.json')).status).toBe(404);
    expect((await get('CD.json')).status).toBe(404);
  });
});
