import { resetChatStorage } from './chat-store';
import { resetConversationStorage } from './conversation-store';
import { sessionStore } from './session-store';
import { defaultUserInfo, userStore } from './user-store';

/**
 * Codes 401, 60000 and -104: forget the user token, the user info, the visitor token and the
 * user's conversation state. UI preferences (theme, language, prompts, model settings) stay.
 */
export function logout(): void {
  sessionStore.setState({ token: '', visitorToken: '' });
  userStore.setState(defaultUserInfo(), true);
  resetConversationStorage();
  resetChatStorage();
}
