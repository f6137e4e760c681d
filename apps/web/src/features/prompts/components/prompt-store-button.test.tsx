import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { promptStore } from '../../../stores/prompt-store';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import { PromptStoreButton } from './prompt-store-button';

beforeAll(() => setupTestI18n());
beforeEach(() => promptStore.setState({ promptList: [] }));

describe('the prompt store button', { timeout: 30_000 }, () => {
  it('opens the store, whose code loads on first use, and closes it again', async () => {
    const user = userEvent.setup();
    renderWithApp(<PromptStoreButton variant="text" />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Prompt store/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Prompt store' });
    expect(await screen.findByRole('tab', { name: 'My prompts' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeVisible());
  });
});
