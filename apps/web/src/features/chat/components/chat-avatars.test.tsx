import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultChatSettings, settingsStore } from '../../../stores/settings-store';
import { defaultUserInfo, userStore } from '../../../stores/user-store';
import { withRealServer } from '../../../test/real-server';
import { siteConfigQueryOptions } from '../../site';
import { AppAvatar, UserAvatar } from './chat-avatars';

withRealServer({ IMAGE_HOSTS_ALLOWED: 'cdn.example.com' });

describe('an app avatar', () => {
  it('shows the picture at the given size', () => {
    const { container } = render(<AppAvatar app={{ avatarUrl: 'https://a.example/logo.png', isOfficial: false }} size={44} />);
    const avatar = container.querySelector('.chat-avatar') as HTMLElement;
    expect(avatar.querySelector('img')).toHaveAttribute('src', 'https://a.example/logo.png');
    expect(avatar.style.width).toBe('44px');
    expect(avatar).toHaveAttribute('aria-hidden');
  });

  it('falls back to the icon when the picture fails to load, or there is none', () => {
    const { container } = render(<AppAvatar app={{ avatarUrl: 'https://a.example/gone.png', isOfficial: false }} />);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.chat-avatar svg')).not.toBeNull();

    const official = render(<AppAvatar app={{ avatarUrl: null, isOfficial: true }} />).container;
    expect(official.querySelector('img')).toBeNull();
    expect(official.querySelector('.chat-avatar [aria-label="customer-service"]')).not.toBeNull();
  });
});

describe('the user’s avatar', () => {
  beforeEach(() => {
    settingsStore.setState(defaultChatSettings());
    userStore.setState({ ...defaultUserInfo(), headUrl: '/files/avatars/robot.svg' });
  });

  async function renderUserAvatar() {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await queryClient.fetchQuery(siteConfigQueryOptions());
    const { container } = render(
      <QueryClientProvider client={queryClient}>
        <UserAvatar />
      </QueryClientProvider>,
    );
    return () => container.querySelector('img')?.getAttribute('src');
  }

  it('is the link chosen in settings only when its host is one pictures may come from, else the account’s picture', async () => {
    settingsStore.setState({ avatarUrl: 'https://elsewhere.example/me.png' });
    const shown = await renderUserAvatar();
    expect(shown()).toBe('/files/avatars/robot.svg');
    act(() => settingsStore.setState({ avatarUrl: 'https://cdn.example.com/me.png' }));
    expect(shown()).toBe('https://cdn.example.com/me.png');
  });
});
