/** @jest-environment node */
import { groupOptions } from './filter-options';

describe("the panel's choices", () => {
  it('lists languages by name, and levels and lengths only once the index has some', () => {
    expect(groupOptions('lang', ['Spanish', 'English']).map((option) => option.value)).toEqual(['English', 'Spanish']);
    expect(groupOptions('level', ['Advanced']).map((option) => option.value)).toEqual([
      'Beginner',
      'Intermediate',
      'Advanced',
      'All levels',
    ]);
    expect(groupOptions('length', [])).toEqual([]);
    expect(groupOptions('rating').map((option) => option.label)).toEqual(['4.5 & up', '4.0 & up', '3.5 & up']);
  });

  it("labels the Price bands in the shop's money, in round amounts", () => {
    expect(groupOptions('price')).toEqual([
      { value: '0-10', label: 'Under $10' },
      { value: '10-15', label: '$10 to $15' },
      { value: '15-20', label: '$15 to $20' },
      { value: '20-up', label: '$20 & up' },
    ]);
  });
});
