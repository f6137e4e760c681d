import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setHttpBaseUrl } from '../../../lib/http';
import { sessionStore } from '../../../stores/session-store';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import { loadAgentTexts, startAgentsApi, type AgentsApi } from '../testing/agents-api-server';
import { AvatarField } from './avatar-field';

let api: AgentsApi;

function ChosenAvatar() {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <AvatarField value={value} onChange={setValue} />
      <output aria-label="chosen">{value ?? 'none'}</output>
    </>
  );
}

function renderField() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = renderWithApp(
    <QueryClientProvider client={queryClient}>
      <ChosenAvatar />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), container: view.container };
}

beforeAll(async () => {
  await setupTestI18n();
  loadAgentTexts();
  api = await startAgentsApi();
  setHttpBaseUrl(api.url);
});
afterAll(() => api.close());
beforeEach(() => {
  api.state.seen = [];
  sessionStore.setState({ token: 'user-token' });
});

describe('the avatar field', () => {
  it('picks a built-in avatar by click, and moves between them with the arrow keys', async () => {
    const { user } = renderField();
    await user.click(await screen.findByRole('radio', { name: 'Built-in avatar 1' }));
    expect(screen.getByRole('status', { name: 'chosen' })).toHaveTextContent('/files/avatars/bot.svg');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Built-in avatar 2' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Built-in avatar 2' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('status', { name: 'chosen' })).toHaveTextContent('/files/avatars/coin.svg');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Built-in avatar 1' })).toHaveFocus();
  });

  it('refuses a picture over 5 MB before sending it, and says why', async () => {
    const { user, container } = renderField();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(container.querySelector<HTMLInputElement>('input[type=file]')!, big);
    expect(await screen.findByRole('alert')).toHaveTextContent('This picture is larger than 5 MB.');
    expect(api.state.seen.filter((request) => request.path.endsWith('/images/upload'))).toEqual([]);
    expect(screen.getByRole('status', { name: 'chosen' })).toHaveTextContent('none');
  });
});
