import { configure, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import consoleTexts from '../../../locales/en-US/console.json';
import consoleAgents from '../../../locales/en-US/consoleAgents.json';
import consoleQuality from '../../../locales/en-US/consoleQuality.json';
import { chat, items, makeAgent, makeOperator, withRealServer } from '../../../test/real-server';
import { renderRoutes, setupTestI18n } from '../../../test/render';
import ConsoleQualityPage from './quality-page';

configure({ asyncUtilTimeout: 10_000 });

const server = withRealServer();

beforeAll(async () => {
  await setupTestI18n();
  for (const [namespace, texts] of Object.entries({ console: consoleTexts, consoleAgents, consoleQuality })) i18next.addResourceBundle('en-US', namespace, texts, true, true);
});

describe('the quality page', { timeout: 60_000 }, () => {
  it("hides the agent a reported answer came from, with the reason its owner reads, and the report shows it hidden", async () => {
    const operator = await server.signIn();
    await makeOperator(server.db, operator.userId);
    const owner = await server.newUser();
    const agent = await makeAgent(server.app, owner.userId, { name: 'Guaranteed gains', visibility: 'public' });
    const reader = await server.newUser();
    const asker = { userId: reader.userId, visitorId: null } as const;
    const conversation = await chat(server.db, asker, { appId: agent.id });
    const [, answer] = await items(server.db, conversation.id, [
      { role: 'user', content: 'Is it safe?' },
      { role: 'assistant', content: 'We guarantee 30% a month.' },
    ]);
    await server.app.services.reports.reportAnswer(asker, { appId: agent.id, chatId: conversation.id, chatItemId: answer!.id, reason: 'harmful', note: '' });
    const { user } = renderRoutes([{ path: '/admin/quality', element: <ConsoleQualityPage /> }], '/admin/quality?tab=reports');

    const entry = within(await screen.findByRole('list', { name: 'Reported answers' })).getByRole('listitem');
    await user.click(within(entry).getByRole('button', { name: 'Hide agent' }));
    const [title] = await screen.findAllByText('Hide Guaranteed gains?');
    const dialog = title!.closest('[role="dialog"]') as HTMLElement;
    const ok = within(dialog).getByRole('button', { name: 'Hide' });
    // the owner must be told why
    expect(ok).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), 'Promises returns');
    await user.click(ok);

    expect(await screen.findByText('Guaranteed gains is hidden; its owner was told.')).toBeInTheDocument();
    expect(await within(entry).findByText('Hidden')).toBeInTheDocument();
    expect(within(entry).queryByRole('button', { name: 'Hide agent' })).not.toBeInTheDocument();
    const told = await server.app.services.notifications.list(owner.userId, { limit: 5 });
    expect(told.list[0]).toMatchObject({ kind: 'app_hidden', data: { appId: agent.id, reason: 'Promises returns' } });
  });
});
