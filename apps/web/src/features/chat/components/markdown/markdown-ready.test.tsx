import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { preloadMarkdown, useMarkdownReady } from './markdown-view';

/** A screen of saved messages: its skeleton until the texts can be drawn as markdown. */
function SavedMessages({ texts }: { texts: string[] }) {
  return <p>{useMarkdownReady(texts) ? 'drawn' : 'skeleton'}</p>;
}

describe('a screen of saved messages', () => {
  it('needs no renderer for plain text', () => {
    render(<SavedMessages texts={['Hello there']} />);
    expect(screen.getByText('drawn')).toBeInTheDocument();
  });

  it('waits for the renderer while a load begun elsewhere (a preload) is on its way, and is drawn once it arrives', async () => {
    const preloading = preloadMarkdown();
    render(<SavedMessages texts={['A **bold** claim']} />);
    expect(screen.getByText('skeleton')).toBeInTheDocument();
    await preloading;
    expect(await screen.findByText('drawn')).toBeInTheDocument();
  });
});
