import { describe, expect, it } from 'vitest';
import { withInlineMath } from './inline-math';

describe('math as models write it', () => {
  it.each([
    ['Einstein: $E = mc^2$.', 'Einstein: $$E = mc^2$$.'],
    ['ratio \\(a/b\\) here', 'ratio $$a/b$$ here'],
    ['pip value $v = \\frac{0.0001}{p}$ per unit', 'pip value $$v = \\frac{0.0001}{p}$$ per unit'],
    ['Two: $x$ and $y$', 'Two: $$x$$ and $$y$$'],
  ])('typesets inline math: %s', (text, expected) => {
    expect(withInlineMath(text)).toBe(expected);
  });

  it('turns \\[…\\] into display math on lines of its own', () => {
    expect(withInlineMath('Margin:\n\\[ m = \\frac{V}{L} \\]\ndone')).toBe('Margin:\n\n$$\nm = \\frac{V}{L}\n$$\n\ndone');
  });

  it.each([
    'It costs $5 and $6 in fees.',
    'between $1.10 and $1.20',
    'USD$1.2 and EUR$1.1',
    'a lone $ sign',
    'escaped \\$x\\$ dollars',
    '$ 5 $ spaced',
  ])('leaves prices and stray dollars as text: %s', (text) => {
    expect(withInlineMath(text)).toBe(text);
  });

  it('leaves display math, code blocks, an unfinished code block and code spans alone', () => {
    const text = ['$$\nE = mc^2\n$$', '```sh\necho $HOME $PATH$x$\n```', 'run `echo $a$` now, then $b$', '~~~\nstill $open$'].join('\n\n');
    expect(withInlineMath(text)).toBe(text.replace('then $b$', () => 'then $$b$$'));
  });
});
