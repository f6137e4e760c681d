import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  describe('loading antd message and notification', () => {
    afterEach(() => {
      vi.useRealTimers();
      vi.restoreAllMocks();
    });

    it('waits for the first toast', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const bound = vi.spyOn(await import('../../lib/notify'), 'bindNotifier');
      renderWithApp(<p>page</p>);
      await act(async () => undefined);
      expect(bound).not.toHaveBeenCalled();
      vi.useRealTimers();
      act(() => notify.warning('Type a question first'));
      expect(await screen.findByText('Type a question first')).toBeInTheDocument();
    });

    it('happens in the background a few seconds after the page loads, so a toast still shows offline', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const bound = vi.spyOn(await import('../../lib/notify'), 'bindNotifier');
      renderWithApp(<p>page</p>);
      await act(async () => void vi.advanceTimersByTime(5000));
      vi.useRealTimers();
      await vi.waitFor(() => expect(bound).toHaveBeenCalled());
    });
  });
});
