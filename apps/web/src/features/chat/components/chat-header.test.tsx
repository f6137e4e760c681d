import type { ChatAppInfo } from '@parley/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { TopBarProvider } from '../../../components/layout/top-bar-slot';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import { ChatBar } from './chat-bar';
import { ChatHeader } from './chat-header';

const tutor: ChatAppInfo = {
  id: 'tutor',
  name: 'Spread tutor',
  avatarUrl: null,
  intro: 'Explains trading costs.',
  openingMessage: 'Ask me about spreads.',
  suggestedQuestions: [],
  isOfficial: false,
  creatorName: 'maker',
  deleted: false,
  closedBecause: null,
  hiddenByOperator: false,
};
const texts = { name: tutor.name, intro: tutor.intro, openingMessage: tutor.openingMessage, suggestedQuestions: [] };

/** The layout's top bar, reduced to its two places for the page's title and actions. */
function TopBar({ children }: { children: ReactNode }) {
  const [title, setTitle] = useState<HTMLElement | null>(null);
  const [actions, setActions] = useState<HTMLElement | null>(null);
  return (
    <>
      <header>
        <div ref={setTitle} />
        <div ref={setActions} />
      </header>
      <p>the conversation</p>
      <TopBarProvider value={{ title, actions }}>{children}</TopBarProvider>
    </>
  );
}

function handlers() {
  return { onToggleContext: vi.fn(), onNewChat: vi.fn(), onClear: vi.fn(() => Promise.resolve()), onExport: vi.fn() };
}

beforeAll(() => setupTestI18n());

describe('the chat header', () => {
  it('names the context switch and shows its state', async () => {
    const on = handlers();
    renderWithApp(<ChatHeader app={tutor} texts={texts} usingContext busy={false} {...on} />);
    const context = screen.getByRole('switch', { name: 'Context' });
    expect(context).toBeChecked();
    expect(context).toHaveTextContent('On');
    await userEvent.click(screen.getByText('Context'));
    expect(on.onToggleContext).toHaveBeenCalledTimes(1);
  });
});

describe("the chat's top bar on a phone", () => {
  function renderBar(usingContext = false) {
    const on = handlers();
    renderWithApp(
      <TopBar>
        <ChatBar title="Margin calls" subtitle="Spread tutor" usingContext={usingContext} busy={false} extra={<button type="button">Share</button>} {...on} />
      </TopBar>,
    );
    return { on, user: userEvent.setup() };
  }

  it("shows the chat's title and app, and starts a new chat", async () => {
    const { on, user } = renderBar();
    const bar = screen.getByRole('banner');
    expect(within(bar).getByRole('heading', { name: 'Margin calls' })).toBeInTheDocument();
    expect(bar).toHaveTextContent('Spread tutor');
    await user.click(within(bar).getByRole('button', { name: 'New chat' }));
    expect(on.onNewChat).toHaveBeenCalledTimes(1);
  });

  it('keeps sharing, the labelled context switch, clear and export behind More, which Escape closes', async () => {
    const { on, user } = renderBar();
    const more = screen.getByRole('button', { name: 'More actions' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();

    await user.click(more);
    const panel = screen.getByRole('group', { name: 'More actions' });
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel).getByRole('button', { name: 'Share' })).toBeVisible();
    const context = within(panel).getByRole('switch', { name: 'Context' });
    expect(context).not.toBeChecked();
    expect(context).toHaveTextContent('Off');
    expect(context).toHaveAccessibleDescription(/each question carries the earlier messages/);
    await user.click(context);
    expect(on.onToggleContext).toHaveBeenCalledTimes(1);

    await user.keyboard('{Escape}');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveFocus();
  });

  it('clears the chat only once confirmed, then closes', async () => {
    const { on, user } = renderBar();
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(screen.getByRole('button', { name: 'Clear chat' }));
    expect(on.onClear).not.toHaveBeenCalled();
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('Clear this chat?');
    await user.click(within(confirm).getByRole('button', { name: 'Clear' }));
    expect(on.onClear).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'More actions' })).toHaveAttribute('aria-expanded', 'false'));
  });

  it('closes More on a tap elsewhere', async () => {
    const { user } = renderBar();
    const more = screen.getByRole('button', { name: 'More actions' });
    await user.click(more);
    await user.click(screen.getByText('the conversation'));
    expect(more).toHaveAttribute('aria-expanded', 'false');
  });
});
