import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultChatSettings, settingsStore } from '../../../stores/settings-store';
import { withRealServer } from '../../../test/real-server';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import { GeneralSettings } from './general-settings';

// the form asks the site's config which hosts an avatar link may show from
withRealServer();

beforeAll(() => setupTestI18n());

function renderForm() {
  renderWithApp(
    <QueryClientProvider client={new QueryClient()}>
      <GeneralSettings />
    </QueryClientProvider>,
  );
}
beforeEach(() => settingsStore.setState({ ...defaultChatSettings(), name: 'Ann', description: 'Swing trader' }, true));

const field = (name: string) => screen.getByRole('textbox', { name });

describe('the profile form', () => {
  it('follows a reset of the user info, so the next Save cannot write the old values back', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(field('Name')).toHaveValue('Ann');
    // what Reset user info on the Config tab does
    act(() => settingsStore.setState({ avatarUrl: '', name: '', description: '' }));
    expect(field('Name')).toHaveValue('');
    expect(field('Description')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(settingsStore.getState()).toMatchObject({ name: '', description: '' });
  });

  it('takes the settings that arrive from the server after it opened, keeping what is being typed', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.clear(field('Description'));
    await user.type(field('Description'), 'Scalper');
    act(() => settingsStore.setState({ name: 'Ann Lee' }));
    expect(field('Name')).toHaveValue('Ann Lee');
    expect(field('Description')).toHaveValue('Scalper');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(settingsStore.getState()).toMatchObject({ name: 'Ann Lee', description: 'Scalper' });
  });
});
