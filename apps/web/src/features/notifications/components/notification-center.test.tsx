import { randomUUID } from 'node:crypto';
import { notificationPaths } from '@parley/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appSettingStore } from '../../../stores/app-setting-store';
import { agent, chat, items, withRealServer } from '../../../test/real-server';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import { NotificationCenter } from './notification-center';

configure({ asyncUtilTimeout: 10_000 });

const server = withRealServer();

beforeAll(() => setupTestI18n());
beforeEach(() => {
  appSettingStore.setState({ language: 'en-US' });
});

/** A signed-in user with feedback on their agent, then their shared chat opened (the newest). */
async function userWithMessages() {
  const { userId } = await server.signIn();
  const scout = await agent(server.db, { ownerId: userId, name: 'Broker Scout' });
  await server.app.services.notifications.feedbackGiven({ appId: scout.id, chatItemId: randomUUID(), raterUserId: null, rating: 'bad', note: 'Cite the regulator' });
  await server.app.services.notifications.shareOpened({ ownerUserId: userId, shareCode: 'AbCdEf123456', title: 'Spreads explained' });
}

function show() {
  const user = userEvent.setup({ delay: null });
  renderWithApp(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <NotificationCenter />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return user;
}

describe('the messages page', { timeout: 30_000 }, () => {
  it('shows each message in the reader’s words, marks one read by its button, then all', async () => {
    await userWithMessages();
    const user = show();
    const opened = await screen.findByRole('listitem', { name: /Your shared chat was opened/ });
    expect(opened).toHaveTextContent('“Spreads explained” was opened for the first time.');
    const feedback = screen.getByRole('listitem', { name: /Feedback on Broker Scout/ });
    expect(feedback).toHaveTextContent('Someone found an answer unhelpful. Their note: “Cite the regulator”');
    expect(screen.getByText('Unread: 2')).toBeInTheDocument();
    // announcements come in the interface language
    expect(server.calls(`/api${notificationPaths.list}`)[0]?.query.get('locale')).toBe('en-US');

    // the button's name starts with what it shows, then says which message
    await user.click(within(opened).getByRole('button', { name: 'Mark read: Your shared chat was opened' }));
    await waitFor(() => expect(within(opened).queryByRole('button')).toBeNull());
    expect(await screen.findByText('Unread: 1')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('All read')).toBeInTheDocument();
    expect(within(feedback).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('opens the rated question and answer under a feedback message, which marks it read', async () => {
    const { userId } = await server.signIn();
    const rater = await server.newUser();
    const tutor = await agent(server.db, { ownerId: userId, name: 'Pip tutor' });
    const rated = await chat(server.db, { userId: rater.userId, visitorId: null }, { appId: tutor.id });
    const [, answer] = await items(server.db, rated.id, [
      { role: 'user', content: 'What is a pip?' },
      { role: 'assistant', content: 'The smallest price step.', model: 'offline' },
    ]);
    await server.app.services.notifications.feedbackGiven({ appId: tutor.id, chatItemId: answer!.id, raterUserId: rater.userId, rating: 'bad', note: null });
    const user = show();
    const feedback = await screen.findByRole('listitem', { name: /Feedback on Pip tutor/ });
    expect(within(feedback).getByText('What is a pip?')).not.toBeVisible();
    await user.click(within(feedback).getByText('The rated answer'));
    expect(within(feedback).getByText('What is a pip?')).toBeVisible();
    expect(within(feedback).getByText('The smallest price step.')).toBeVisible();
    expect(await screen.findByText('All read')).toBeInTheDocument();
  });

  it("tells an agent's owner what an operator did to it and why: hidden, shown again, a review declined", async () => {
    const { userId } = await server.signIn();
    const scout = await agent(server.db, { ownerId: userId, name: 'Broker Scout' });
    const about = { ownerUserId: userId, appId: scout.id, appName: 'Broker Scout' };
    await server.app.services.notifications.appHidden({ ...about, reason: 'Promises returns' });
    await server.app.services.notifications.appRestored({ ...about, reason: 'Fixed, thank you' });
    await server.app.services.notifications.appReviewDeclined({ ...about, reason: 'Gambling ads are not allowed' });
    show();
    expect(await screen.findByRole('listitem', { name: /Broker Scout was not published/ })).toHaveTextContent(
      'An operator reviewed it and kept it private: Gambling ads are not allowed',
    );
    expect(screen.getByRole('listitem', { name: /Broker Scout is shown again/ })).toHaveTextContent('An operator restored your agent: Fixed, thank you');
    expect(screen.getByRole('listitem', { name: /Broker Scout was hidden/ })).toHaveTextContent('Reason: Promises returns');
  });

  it('says so when there are no messages yet', async () => {
    await server.signIn();
    show();
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();
  });
});
