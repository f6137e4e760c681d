import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import i18next from 'i18next';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import agents from '../../../locales/en-US/agents.json';
import { withRealServer } from '../../../test/real-server';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import { AvatarField } from './avatar-field';

const server = withRealServer();

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
  i18next.addResourceBundle('en-US', 'agents', agents, true, true);
});
beforeEach(async () => {
  await server.signIn();
});

describe('the avatar field', () => {
  it('picks a built-in avatar by click, and moves between them with the arrow keys', async () => {
    const { user } = renderField();
    await user.click(await screen.findByRole('radio', { name: 'Built-in avatar 1' }));
    expect(screen.getByRole('status', { name: 'chosen' })).toHaveTextContent('/files/avatars/bot.svg');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Built-in avatar 2' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Built-in avatar 2' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('status', { name: 'chosen' })).toHaveTextContent('/files/avatars/chart.svg');
    // the server has eight: past the last comes the first again
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Built-in avatar 8' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Built-in avatar 1' })).toHaveFocus();
  });

  it('refuses a picture over 5 MB before sending it, and says why', async () => {
    const { user, container } = renderField();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(container.querySelector<HTMLInputElement>('input[type=file]')!, big);
    expect(await screen.findByRole('alert')).toHaveTextContent('This picture is larger than 5 MB.');
    expect(server.requests.filter((request) => request.path.endsWith('/images/upload'))).toEqual([]);
    expect(screen.getByRole('status', { name: 'chosen' })).toHaveTextContent('none');
  });
});
