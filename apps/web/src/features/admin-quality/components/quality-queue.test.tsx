import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import consoleTexts from '../../../locales/en-US/console.json';
import quality from '../../../locales/en-US/consoleQuality.json';
import { chat, items, knowledgeRepo, makeAgent, makeOperator, recordUnanswered, withRealServer } from '../../../test/real-server';
import { renderRoutes, setupTestI18n } from '../../../test/render';
import { QualityQueue } from './quality-queue';

const server = withRealServer();

beforeAll(async () => {
  await setupTestI18n();
  i18next.addResourceBundle('en-US', 'console', consoleTexts, true, true);
  i18next.addResourceBundle('en-US', 'consoleQuality', quality, true, true);
});

async function operatorWithAgent(name: string) {
  const operator = await server.signIn();
  await makeOperator(server.db, operator.userId);
  const owner = await server.newUser();
  const agent = await makeAgent(server.app, owner.userId, { name, visibility: 'public' });
  return { operator, agent };
}

function renderQueue(query = '') {
  return renderRoutes([{ path: '/admin/quality', element: <QualityQueue renderText={(text) => <p>{text}</p>} /> }], `/admin/quality${query}`);
}

describe('the quality queue', () => {
  it("answers an agent's unanswered question into its knowledge, and the question leaves the list", async () => {
    const { agent } = await operatorWithAgent('Deposit desk');
    await recordUnanswered(server.db, agent.id, 'What is the minimum deposit?', 3);
    const { user } = renderQueue(`?agent=${agent.id}&agentName=Deposit%20desk`);

    const list = await screen.findByRole('list', { name: 'Unanswered questions' });
    expect(within(list).getByRole('listitem')).toHaveTextContent(/What is the minimum deposit\?.*Deposit desk.*Asked 3 times/);
    expect(screen.getByText('Only Deposit desk')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Answer into knowledge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Answer into the knowledge' });
    const save = within(dialog).getByRole('button', { name: 'Add to knowledge' });
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Answer' }), 'The minimum deposit is 100 USD.');
    await user.click(save);

    expect(await screen.findByText('No open questions. Questions the assistant or an agent finds no source for appear here.')).toBeInTheDocument();
    expect(await screen.findByText('Added to the knowledge of Deposit desk.')).toBeInTheDocument();
    expect((await knowledgeRepo(server.db).totals(agent.id)).entries).toBe(1);
  });

  it('opens a thumbs-down answer in its conversation, and sets it aside after asking', async () => {
    const { agent } = await operatorWithAgent('Spread desk');
    const asker = await server.newUser('curious-trader');
    const conversation = await chat(server.db, { userId: asker.userId, visitorId: null }, { appId: agent.id, title: 'Spreads' });
    await items(server.db, conversation.id, [
      { role: 'user', content: 'What is a spread?' },
      { role: 'assistant', content: 'A kind of butter.', userBadFeedback: true, customFeedbacks: ['Not about trading'], feedbackAt: new Date() },
    ]);
    const { user } = renderQueue(`?tab=feedback&agent=${agent.id}`);

    const list = await screen.findByRole('list', { name: 'Thumbs-down answers' });
    const [entry] = within(list).getAllByRole('listitem');
    if (!entry) throw new Error('no entry');
    expect(entry).toHaveTextContent(/What is a spread\?.*A kind of butter\..*Not about trading/);

    await user.click(within(entry).getByRole('button', { name: 'Open conversation' }));
    const drawer = await screen.findByRole('dialog', { name: 'Spreads' });
    expect(await within(drawer).findByText('With Spread desk · asked by curious-trader · on the site')).toBeInTheDocument();
    const focused = drawer.querySelector('[aria-current="true"]');
    expect(focused).toHaveTextContent(/Spread desk.*Thumbs down.*A kind of butter\..*Not about trading/);
    await user.keyboard('{Escape}');

    await user.click(within(entry).getByRole('button', { name: 'Set aside' }));
    const confirm = await screen.findByRole('dialog', { name: /Set this answer aside\?/ });
    await user.click(within(confirm).getByRole('button', { name: 'Set aside' }));
    await waitFor(() => expect(screen.getByText('No thumbs-down answers to look at.')).toBeInTheDocument());
  });

  it('lists a report with its reason and note, and closes it', async () => {
    const { agent } = await operatorWithAgent('Promise desk');
    const reader = await server.newUser();
    const owner = { userId: reader.userId, visitorId: null } as const;
    const conversation = await chat(server.db, owner, { appId: agent.id });
    const [, answer] = await items(server.db, conversation.id, [
      { role: 'user', content: 'Which broker is safest?' },
      { role: 'assistant', content: 'Ours guarantees 30% a month.' },
    ]);
    await server.app.services.reports.reportAnswer(owner, { appId: agent.id, chatId: conversation.id, chatItemId: answer!.id, reason: 'harmful', note: 'Promises returns' });
    const { user } = renderQueue(`?tab=reports&agent=${agent.id}`);

    const entry = within(await screen.findByRole('list', { name: 'Reported answers' })).getByRole('listitem');
    expect(entry).toHaveTextContent(/Harmful or offensive.*“Promises returns”.*Which broker is safest\?.*Ours guarantees 30% a month\..*Promise desk/);
    await user.click(within(entry).getByRole('button', { name: 'Close report' }));
    const confirm = await screen.findByRole('dialog', { name: /Close this report without action\?/ });
    await user.click(within(confirm).getByRole('button', { name: 'Close report' }));
    expect(await screen.findByText('No open reports.')).toBeInTheDocument();
  });

  it('says what failed and lets the operator try again when a list cannot load', async () => {
    await operatorWithAgent('Any desk');
    renderQueue('?agent=not-a-uuid');
    expect(await screen.findByText('This could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
