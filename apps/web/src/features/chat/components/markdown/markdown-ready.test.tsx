import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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

  it('once drawn, is not hidden again when markdown arrives later (an answer that just finished)', async () => {
    // a fresh copy of the module: no renderer loaded or on its way
    vi.resetModules();
    const fresh = await import('./markdown-view');
    function Screen({ texts }: { texts?: string[] }) {
      return <p>{fresh.useMarkdownReady(texts) ? 'drawn' : 'skeleton'}</p>;
    }
    // messages still loading are not drawn yet: when they come with markdown, they wait for the renderer
    const { rerender } = render(<Screen />);
    rerender(<Screen texts={['A **bold** claim']} />);
    expect(screen.getByText('skeleton')).toBeInTheDocument();
    rerender(<Screen texts={['Hello there']} />);
    expect(screen.getByText('drawn')).toBeInTheDocument();
    rerender(<Screen texts={['Hello there', 'A **bold** answer']} />);
    expect(screen.getByText('drawn')).toBeInTheDocument();
    await fresh.preloadMarkdown();
  });
});
