import { render } from '@testing-library/react';
import { Streamdown } from 'streamdown';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestI18n } from '../../../../test/render';
import MarkdownRenderer from './markdown-renderer';
import { fullRehypePlugins, rehypePluginsFor } from './rehype-plugins';

beforeAll(() => setupTestI18n());

describe('reading HTML inside markdown only where there is some', () => {
  it('leaves the HTML reader out for a text without a tag, and keeps the same list for the same input', () => {
    const lean = rehypePluginsFor('**plain** text & more', fullRehypePlugins);
    expect(lean).toHaveLength(fullRehypePlugins.length - 1);
    expect(rehypePluginsFor('other text', fullRehypePlugins)).toBe(lean);
  });

  it('keeps it for a text with a tag in it', () => {
    expect(rehypePluginsFor('line<br>break', fullRehypePlugins)).toBe(fullRehypePlugins);
  });

  it('draws a text without HTML exactly as the full pipeline does', () => {
    const text = '## Fees\n\nA **spread** of `0.1` pips, [docs](https://example.com/a) &amp; more.\n\n- one\n- two\n\n| pair | spread |\n| --- | --- |\n| EURUSD | 0.1 |\n\n> quoted &lt;b&gt;';
    const ours = render(<MarkdownRenderer text={text} />).container.innerHTML;
    const full = render(
      <Streamdown className="markdown-view" mode="static" controls={false} linkSafety={{ enabled: false }} lineNumbers={false} tableMaxHeight="none">
        {text}
      </Streamdown>,
    ).container.innerHTML;
    expect(ours).toBe(full);
  });
});
