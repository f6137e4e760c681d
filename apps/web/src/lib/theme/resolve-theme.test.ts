import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setMediaMatch } from '../../test/match-media';
import { applyDocumentTheme, darkSchemeQuery, resolveTheme } from './resolve-theme';
import { useResolvedTheme } from './use-resolved-theme';

afterEach(() => setMediaMatch(darkSchemeQuery, false));

describe('theme resolution', () => {
  it('takes light and dark as they are, whatever the system says', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('makes auto follow the system preference', () => {
    expect(resolveTheme('auto', true)).toBe('dark');
    expect(resolveTheme('auto', false)).toBe('light');
  });

  it('follows a live change of prefers-color-scheme while on auto', () => {
    const { result } = renderHook(() => useResolvedTheme('auto'));
    expect(result.current).toBe('light');
    act(() => setMediaMatch(darkSchemeQuery, true));
    expect(result.current).toBe('dark');
    act(() => setMediaMatch(darkSchemeQuery, false));
    expect(result.current).toBe('light');
  });

  it('ignores the system while on light', () => {
    const { result } = renderHook(() => useResolvedTheme('light'));
    act(() => setMediaMatch(darkSchemeQuery, true));
    expect(result.current).toBe('light');
  });

  it('puts the dark class on the document only in dark mode', () => {
    const root = document.createElement('html');
    applyDocumentTheme('dark', root);
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.style.colorScheme).toBe('dark');
    applyDocumentTheme('light', root);
    expect(root.classList.contains('dark')).toBe(false);
  });
});
