/** @jest-environment node */
import { CatalogueError, parseCoupons, type CouponContext } from './schema';

/* The coupons file's rules: each test asserts the message, which names the file, the record and the field. */

const FILE = 'data/coupons.json';
const context: CouponContext = {
  courseFile: 'data/courses.json',
  courseIds: new Set(['py-101', 'py-202']),
  currency: { code: 'EUR', digits: 2 },
};

function problems(data: unknown, ctx: CouponContext = context): readonly string[] {
  try {
    parseCoupons({ file: FILE, data }, ctx);
    return [];
  } catch (error) {
    if (!(error instanceof CatalogueError)) throw error;
    return error.problems;
  }
}

describe('coupons file', () => {
  it('accepts a percentage for all courses, and an amount for some, with dates', () => {
    const data = [
      { code: 'SPRING25', percent_off: 25 },
      { code: 'PY5', amount_off: 5.5, courses: ['py-101'], starts: '2026-01-01', expires: '2026-12-31' },
    ];
    expect(parseCoupons({ file: FILE, data }, context)).toEqual(data);
    expect(problems([])).toEqual([]);
  });

  it('stops on an unknown course', () => {
    expect(problems([{ code: 'X', percent_off: 10, courses: ['nope'] }])).toEqual([
      `${FILE}: coupon "X" (#1): courses[0] must be the id of a course in data/courses.json, got "nope"`,
    ]);
  });

  it('stops on both kinds of discount, or neither', () => {
    const both = problems([{ code: 'X', percent_off: 10, amount_off: 5 }]);
    expect(both).toHaveLength(1);
    expect(both[0]).toMatch(
      /^data\/coupons\.json: coupon "X" \(#1\): percent_off or amount_off: give exactly one of the two/,
    );
    expect(problems([{ code: 'Y' }])[0]).toMatch(/coupon "Y" \(#1\): percent_off or amount_off: give exactly one/);
  });

  it('stops on a percentage outside 1–100 or not whole', () => {
    for (const percent_off of [0, 101, 12.5])
      expect(problems([{ code: 'X', percent_off }])[0]).toMatch(
        /^data\/coupons\.json: coupon "X" \(#1\): percent_off must be a whole number from 1 to 100/,
      );
  });

  it("stops on an amount with more decimals than the shop's currency has", () => {
    expect(problems([{ code: 'X', amount_off: 5.555 }])[0]).toMatch(
      /coupon "X" \(#1\): amount_off must be in whole minor units of EUR \(at most 2 decimals\)/,
    );
    expect(problems([{ code: 'X', amount_off: 5.5 }], { ...context, currency: { code: 'JPY', digits: 0 } })[0]).toMatch(
      /amount_off must be in whole JPY \(JPY has no decimals\)/,
    );
  });

  it('stops on a date that is not ISO, an end before its start, a repeated code, or a file that is not a list', () => {
    expect(problems([{ code: 'X', percent_off: 5, expires: '31/12/2026' }])[0]).toMatch(
      /coupon "X" \(#1\): expires must be a date as YYYY-MM-DD/,
    );
    expect(problems([{ code: 'X', percent_off: 5, starts: '2026-02-01', expires: '2026-01-01' }])[0]).toMatch(
      /coupon "X" \(#1\): expires must not be before starts \(2026-02-01\)/,
    );
    expect(
      problems([
        { code: 'AB', percent_off: 5 },
        { code: 'ab', percent_off: 5 },
      ]),
    ).toEqual([`${FILE}: coupon "ab" (#2): code must be unique (case aside), as coupon "AB" (#1) has it`]);
    expect(problems({})[0]).toMatch(/^data\/coupons\.json: must be a JSON list of coupon records/);
  });

  it("takes the code's Paddle discount id, for the local price's preview, and stops on one that is not", () => {
    const data = [{ code: 'LAUNCH15', percent_off: 15, paddle_discount_id: 'dsc_01h7zcgmdc6tmwtjehp3sh7azf' }];
    expect(parseCoupons({ file: FILE, data }, context)).toEqual(data);
    expect(problems([{ code: 'X', percent_off: 5, paddle_discount_id: 'LAUNCH15' }])).toEqual([
      `${FILE}: coupon "X" (#1): paddle_discount_id must be a Paddle discount id: "dsc_" and lower-case letters or digits, got "LAUNCH15"`,
    ]);
  });
});
