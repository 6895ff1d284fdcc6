import { initialsOf } from './instructor-avatar';

describe('initialsOf', () => {
  it('takes the first and last words’ first letters, upper-case', () => {
    expect(initialsOf('Maya Lindqvist')).toBe('ML');
    expect(initialsOf('Dr. Hannah Brooks')).toBe('DB');
    expect(initialsOf('chloé dubois')).toBe('CD');
  });

  it('takes one letter of a one-word name, whole characters of any script, and a ? for nothing', () => {
    expect(initialsOf('Chartwell')).toBe('C');
    expect(initialsOf('王小明')).toBe('王');
    expect(initialsOf('أحمد بن سعيد')).toBe('أس');
    expect(initialsOf('😀 Smile')).toBe('😀S');
    expect(initialsOf('   ')).toBe('?');
  });
});
