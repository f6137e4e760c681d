import { defaultSystemMessage } from '@parley/contracts';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import zhChat from '../locales/zh-CN/chat.json';
import { setupTestI18n } from '../test/render';
import { roleInLanguage } from './settings-store';

beforeAll(async () => {
  await setupTestI18n();
  i18next.addResourceBundle('zh-CN', 'chat', zhChat, true, true);
});
afterEach(() => i18next.changeLanguage('en-US'));

describe('the role sent with official chats', () => {
  it('is the default in the language the site speaks when none is saved', async () => {
    expect(roleInLanguage('')).toBe("Follow the user's instructions carefully. Respond using markdown.");
    await i18next.changeLanguage('zh-CN');
    expect(roleInLanguage('')).toBe('认真遵循用户的指示。使用 Markdown 格式回答。');
  });

  it('treats the English default saved by earlier versions as the default', async () => {
    await i18next.changeLanguage('zh-CN');
    expect(roleInLanguage(defaultSystemMessage)).toBe('认真遵循用户的指示。使用 Markdown 格式回答。');
  });

  it("keeps the user's own role in whatever language it was written", async () => {
    await i18next.changeLanguage('zh-CN');
    expect(roleInLanguage('Answer like a pirate.')).toBe('Answer like a pirate.');
  });
});
