import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppAvatar } from './chat-avatars';

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
