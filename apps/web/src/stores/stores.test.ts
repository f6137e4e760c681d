import { beforeEach, describe, expect, it, vi } from 'vitest';

// Each test imports fresh stores, so they load from what the test put in localStorage.
async function freshStores() {
  vi.resetModules();
  return {
    ...(await import('./app-setting-store')),
    ...(await import('./chat-store')),
    ...(await import('./conversation-store')),
    ...(await import('./prompt-store')),
    ...(await import('./session-store')),
    ...(await import('./settings-store')),
    ...(await import('./user-store')),
    ...(await import('./logout')),
  };
}

beforeEach(() => localStorage.clear());

describe('the stores start from the spec defaults', () => {
  it('with nothing stored', async () => {
    const stores = await freshStores();
    expect(stores.appSettingStore.getState()).toMatchObject({ siderCollapsed: false, theme: 'light' });
    expect(stores.chatStore.getState()).toMatchObject({
      active: 1002,
      usingContext: true,
      history: [{ uuid: 1002, isEdit: false }],
      chat: [{ uuid: 1002, data: [] }],
    });
    expect(stores.chatStore.getState().history[0]?.title).not.toBe('');
    expect(stores.userStore.getState()).toEqual({ headUrl: '', username: '', token: '', id: '', mobile: '' });
    expect(stores.promptStore.getState()).toEqual({ promptList: [] });
    expect(stores.settingsStore.getState()).toMatchObject({ temperature: 0.8, top_p: 1 });
    // the default role is saved as '': it is shown and sent in the language the site speaks
    expect(stores.settingsStore.getState().systemMessage).toBe('');
    expect(stores.conversationStore.getState()).toEqual({
      officalList: [],
      discoverList: [],
      currentPrompt: '',
      currentChatId: '',
      hitoAppId: '',
      hitoChatId: '',
    });
    expect(stores.sessionStore.getState()).toMatchObject({ token: '', visitorToken: '', accessToken: '' });
  });

  it('takes the language from the browser', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['zh-HK', 'en']);
    const { appSettingStore } = await freshStores();
    expect(appSettingStore.getState().language).toBe('zh-TW');
    vi.restoreAllMocks();
  });
});

describe('stored values', () => {
  it('are merged over the defaults', async () => {
    localStorage.setItem('appSetting', JSON.stringify({ theme: 'dark', language: 'ko-KR' }));
    localStorage.setItem('conversationStorage', JSON.stringify({ hitoAppId: 'app-1' }));
    const stores = await freshStores();
    expect(stores.appSettingStore.getState()).toEqual({ siderCollapsed: false, theme: 'dark', language: 'ko-KR' });
    expect(stores.conversationStore.getState()).toMatchObject({ hitoAppId: 'app-1', hitoChatId: '', discoverList: [] });
  });

  it('fall back to the defaults when corrupt, without breaking the app', async () => {
    localStorage.setItem('appSetting', '{not json');
    localStorage.setItem('chatStorage', JSON.stringify({ active: 'x', history: 'nope', chat: [{ uuid: 1 }] }));
    localStorage.setItem('settingsStorage', '[]');
    localStorage.setItem('DEVICE_ID', '12');
    const stores = await freshStores();
    expect(stores.appSettingStore.getState().theme).toBe('light');
    expect(stores.chatStore.getState()).toMatchObject({ active: 1002, history: [{ uuid: 1002 }], chat: [{ uuid: 1002 }] });
    expect(stores.settingsStore.getState().temperature).toBe(0.8);
    expect(stores.sessionStore.getState().deviceId).toMatch(/^\d{24}$/);
  });

  it('reads the tokens from their own keys', async () => {
    localStorage.setItem('SECRET_TOKEN', 'user-token');
    localStorage.setItem('VISITOR_SECRET_TOKEN', 'visitor-token');
    localStorage.setItem('DEVICE_ID', '173200000012345678901234');
    localStorage.setItem('ACCESS_TOKEN', 'access');
    const { sessionStore, isLoggedIn } = await freshStores();
    expect(sessionStore.getState()).toMatchObject({
      token: 'user-token',
      visitorToken: 'visitor-token',
      deviceId: '173200000012345678901234',
      accessToken: 'access',
    });
    expect(isLoggedIn()).toBe(true);
  });
});

describe('changes', () => {
  it('are written at once', async () => {
    const stores = await freshStores();
    stores.setTheme('auto');
    stores.setSiderCollapsed(true);
    expect(JSON.parse(localStorage.getItem('appSetting') ?? '{}')).toMatchObject({ theme: 'auto', siderCollapsed: true });
    stores.saveAccessToken('access');
    expect(localStorage.getItem('ACCESS_TOKEN')).toBe('access');
  });

  it('to the language are saved only when different', async () => {
    localStorage.setItem('appSetting', JSON.stringify({ language: 'en-US' }));
    const stores = await freshStores();
    const listener = vi.fn();
    stores.appSettingStore.subscribe(listener);
    stores.setLanguage('en-US');
    expect(listener).not.toHaveBeenCalled();
    stores.setLanguage('vi-VN');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem('appSetting') ?? '{}').language).toBe('vi-VN');
  });

  it('store a new device id immediately', async () => {
    const { sessionStore } = await freshStores();
    expect(localStorage.getItem('DEVICE_ID')).toBe(sessionStore.getState().deviceId);
  });

  it('count a blank token as logged out', async () => {
    const { isLoggedIn } = await freshStores();
    expect(isLoggedIn({ token: '   ' })).toBe(false);
  });
});

describe('logout', () => {
  it('clears token, user info, visitor token and conversation state, and keeps preferences', async () => {
    localStorage.setItem('SECRET_TOKEN', 'user-token');
    localStorage.setItem('VISITOR_SECRET_TOKEN', 'visitor-token');
    localStorage.setItem('userStorage', JSON.stringify({ username: 'ada' }));
    localStorage.setItem('conversationStorage', JSON.stringify({ hitoAppId: 'a', hitoChatId: 'c' }));
    localStorage.setItem('appSetting', JSON.stringify({ theme: 'dark' }));
    const stores = await freshStores();
    stores.logout();
    expect(localStorage.getItem('SECRET_TOKEN')).toBeNull();
    expect(localStorage.getItem('VISITOR_SECRET_TOKEN')).toBeNull();
    expect(stores.userStore.getState().username).toBe('');
    expect(stores.conversationStore.getState()).toMatchObject({ hitoAppId: '', hitoChatId: '' });
    expect(stores.appSettingStore.getState().theme).toBe('dark');
    expect(localStorage.getItem('DEVICE_ID')).toMatch(/^\d{24}$/);
  });
});
