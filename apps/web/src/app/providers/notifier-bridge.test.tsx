import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify } from '../../lib/notify';
import { renderWithApp } from '../../test/render';

describe('the toast and notification outlet', () => {
  it('shows toasts raised from outside React, even those raised before it mounted', async () => {
    notify.error('raised before mount');
    renderWithApp(<p>page</p>);
    expect(await screen.findByText('raised before mount')).toBeInTheDocument();
    act(() => notify.success('Save Success'));
    expect(await screen.findByText('Save Success')).toBeInTheDocument();
  });

  it('shows notification cards in the top-right corner', async () => {
    renderWithApp(<p>page</p>);
    act(() => notify.notice({ title: 'New message', description: 'Someone liked your agent' }));
    expect(await screen.findByText('Someone liked your agent')).toBeInTheDocument();
    expect(document.querySelector('.ant-notification-topRight')).not.toBeNull();
  });
});
