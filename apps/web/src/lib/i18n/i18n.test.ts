import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { changeLanguage, initI18n, loadPageTexts } from './i18n';

describe('the texts a visit loads', () => {
  it('starts with the chat screens texts, adds the other pages texts when asked, and keeps both on a change of language', async () => {
    await initI18n('en-US');
    expect(i18next.hasResourceBundle('en-US', 'chat')).toBe(true);
    expect(i18next.hasResourceBundle('en-US', 'layout')).toBe(true);
    expect(i18next.hasResourceBundle('en-US', 'agents')).toBe(false);
    expect(i18next.hasResourceBundle('en-US', 'settings')).toBe(false);

    await loadPageTexts();
    for (const namespace of ['agents', 'knowledge', 'account', 'settings']) expect(i18next.hasResourceBundle('en-US', namespace)).toBe(true);

    await changeLanguage('ko-KR');
    expect(i18next.language).toBe('ko-KR');
    for (const namespace of ['chat', 'agents', 'knowledge', 'account', 'settings']) expect(i18next.hasResourceBundle('ko-KR', namespace)).toBe(true);
  });

  it('fetches the other pages texts in the language being switched to as well', async () => {
    const switching = changeLanguage('vi-VN');
    await loadPageTexts();
    await switching;
    expect(i18next.hasResourceBundle('vi-VN', 'agents')).toBe(true);
  });
});
