/**
 * A PostCSS plugin, run after Tailwind (postcss.config.mjs): Tailwind 4 registers each of its
 * internal custom properties (`--tw-shadow`, `--tw-translate-x`…) with an `@property` rule and
 * gives browsers without `@property` the same initial values from a universal rule inside
 * `@layer properties { @supports (…) { … } }`. This keeps the universal rule for every browser
 * and drops the registrations: the same values on every element, in a fraction of the bytes of
 * each page's inline rules (every page must fit a connection's first round trip; the figures are
 * in docs/performance.md, 'Figures behind the code'). The registrations matter only to animate
 * those properties, which no rule here does.
 */
module.exports = () => ({
  postcssPlugin: 'plain-properties',
  OnceExit(root) {
    root.walkAtRules('property', (rule) => {
      if (rule.params.startsWith('--tw-')) rule.remove();
    });
    root.walkAtRules('layer', (layer) => {
      if (layer.params !== 'properties') return;
      layer.walkAtRules('supports', (supports) => {
        supports.replaceWith(supports.nodes);
      });
    });
  },
});
module.exports.postcss = true;
