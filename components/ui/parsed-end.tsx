/**
 * The last child of a `.shown-once-parsed` box (app/globals.css): the box stays hidden, its room
 * kept, until this is parsed. A box whose place or size follows its content (centred, right-aligned,
 * at the window's foot) would otherwise move as its HTML arrives in pieces. In a list, `as="li"`.
 */
export function ParsedEnd({ as: Tag = 'span' }: { as?: 'span' | 'li' }) {
  return <Tag hidden className="parsed-end" />;
}
