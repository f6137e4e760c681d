import { createMermaidPlugin, type DiagramPlugin } from '@streamdown/mermaid';

/**
 * HTML tags in a diagram's source (`<img …>`, `<b>`), whole; Mermaid's own markup stays: arrows
 * (`-->`, `<|--`, `<-->`), stereotypes (`<<interface>>`), text with a `<` in it.
 */
const htmlTag = /(?<!<)<\/?[a-z][\w-]*(?:\s[^<>]*)?\/?>(?!>)/gi;

/** A diagram's source with any HTML taken out: labels are text. */
export function withoutHtml(source: string): string {
  return source.replace(htmlTag, '');
}

/**
 * Mermaid for model and agent text: strict (no scripts, no clicks), with HTML taken out of the
 * source before Mermaid reads it. Mermaid sanitises labels itself, but only after putting their
 * markup into the page for a moment (an `<img onerror>` in a label fired, blocked only by the CSP).
 */
export function safeMermaid(): DiagramPlugin {
  const plugin = createMermaidPlugin({ config: { securityLevel: 'strict' } });
  return {
    ...plugin,
    getMermaid(config) {
      const mermaid = plugin.getMermaid(config);
      return { initialize: (next) => mermaid.initialize(next), render: (id, source) => mermaid.render(id, withoutHtml(source)) };
    },
  };
}
