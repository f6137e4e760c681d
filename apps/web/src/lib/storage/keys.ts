/** The localStorage keys of spec section 9, plus the site access token and the visitor's changed settings. */
export const storageKeys = {
  appSetting: 'appSetting',
  chatStorage: 'chatStorage',
  userStorage: 'userStorage',
  promptStore: 'promptStore',
  settingsStorage: 'settingsStorage',
  conversationStorage: 'conversationStorage',
  /** The user token (logged in when non-blank). */
  secretToken: 'SECRET_TOKEN',
  /** The visitor token, bound to DEVICE_ID. */
  visitorSecretToken: 'VISITOR_SECRET_TOKEN',
  /** The 24-digit device id. */
  deviceId: 'DEVICE_ID',
  /** The site access token handed out by POST /verify when the site has an access password. */
  accessToken: 'ACCESS_TOKEN',
  /** Names of the settings a visitor changed before logging in; they move into the account once. */
  visitorSettingChanges: 'visitorSettingChanges',
  /** The chat widget's panel: its own visitor token, and the chat each agent's panel goes on with. */
  widgetVisitorToken: 'WIDGET_VISITOR_TOKEN',
  widgetChats: 'WIDGET_CHATS',
} as const;
