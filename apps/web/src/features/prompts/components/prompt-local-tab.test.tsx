import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { promptStore } from '../../../stores/prompt-store';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import { PromptLocalTab } from './prompt-local-tab';

beforeAll(() => setupTestI18n());
beforeEach(() => promptStore.setState({ promptList: [] }));

function setup() {
  const user = userEvent.setup();
  renderWithApp(<PromptLocalTab />);
  return user;
}

async function addPrompt(user: ReturnType<typeof userEvent.setup>, title: string, content: string) {
  await user.click(screen.getByRole('button', { name: /Add/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Add prompt' });
  await user.click(within(dialog).getByLabelText('Title'));
  await user.paste(title);
  await user.click(within(dialog).getByLabelText('Content'));
  await user.paste(content);
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  return dialog;
}

// Each case drives antd dialogs and popovers with real events: slow on a busy machine.
describe('the local prompt store', { timeout: 30_000 }, () => {
  it('starts empty and says how to fill it', () => {
    setup();
    expect(screen.getByText(/No prompts yet/)).toBeInTheDocument();
  });

  it('adds a prompt, then refuses a second with the same title at the title field', async () => {
    const user = setup();
    await addPrompt(user, 'Broker check', 'Is this broker licensed?');
    expect(await screen.findByText('Add Success')).toBeInTheDocument();
    expect(screen.getByText('Broker check')).toBeInTheDocument();

    const dialog = await addPrompt(user, 'Broker check', 'Something else');
    expect(within(dialog).getByText('This title is already used. Please enter another one.')).toBeInTheDocument();
    expect(promptStore.getState().promptList).toHaveLength(1);
  });

  it('edits a prompt, refusing a clash with another one', async () => {
    promptStore.setState({ promptList: [{ title: 'A', content: 'a' }, { title: 'B', content: 'b' }] });
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Edit: B' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit prompt' });
    const title = within(dialog).getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'A');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('clashes with another prompt');
    await user.clear(title);
    await user.type(title, 'B2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(promptStore.getState().promptList[1]).toEqual({ title: 'B2', content: 'b' }));
  });

  it('filters by search and deletes the right item from a filtered list', async () => {
    promptStore.setState({ promptList: [{ title: 'Spread', content: 'x' }, { title: 'Leverage', content: 'y' }] });
    const user = setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search prompts' }), 'lever');
    expect(screen.queryByText('Spread')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete: Leverage' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(promptStore.getState().promptList).toEqual([{ title: 'Spread', content: 'x' }]);
  });

  it('clears everything only after the confirmation', async () => {
    promptStore.setState({ promptList: [{ title: 'A', content: 'a' }] });
    const user = setup();
    await user.click(screen.getByRole('button', { name: /Clear/ }));
    expect(await screen.findByText(/Clear store data\?/)).toBeInTheDocument();
    expect(promptStore.getState().promptList).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(promptStore.getState().promptList).toEqual([]);
    expect(await screen.findByText('Clear Success')).toBeInTheDocument();
  });

  it('imports pasted JSON and lists what it skipped and why', async () => {
    promptStore.setState({ promptList: [{ title: 'A', content: 'a' }] });
    const user = setup();
    await user.click(screen.getByRole('button', { name: /Import/ }));
    const paste = screen.getByLabelText('Paste JSON here');
    await user.click(paste);
    await user.paste('[{"title":"A","content":"new"},{"key":"B","value":"b"}]');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Import Success · added: 1 · skipped: 1');
    expect(screen.getByText('"A": the title is already in the store')).toBeInTheDocument();
    expect(promptStore.getState().promptList.map((item) => item.title)).toEqual(['B', 'A']);
  });

  it('refuses a pasted list with a wrong key and keeps the store as it was', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: /Import/ }));
    await user.click(screen.getByLabelText('Paste JSON here'));
    await user.paste('[{"name":"A","text":"a"}]');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Key value mismatch (item 1)');
    expect(promptStore.getState().promptList).toEqual([]);
  });

  it('imports a chosen JSON file', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: /Import/ }));
    const file = new File(['[{"act":"Tutor","prompt":"Teach me"}]'], 'prompts.json', { type: 'application/json' });
    await user.upload(screen.getByTestId('prompt-import-file'), file);
    await waitFor(() => expect(promptStore.getState().promptList).toEqual([{ title: 'Tutor', content: 'Teach me' }]));
  });
});
