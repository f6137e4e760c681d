import type { SignInData, UserInfo as AccountInfo } from '@parley/contracts';
import { sessionStore } from '../../../stores/session-store';
import { userStore } from '../../../stores/user-store';

/** The account as the client keeps it in userStorage. */
export function saveUserInfo(user: AccountInfo, token = sessionStore.getState().token): void {
  userStore.setState({ id: user.id, username: user.username, headUrl: user.headUrl ?? '', mobile: user.mobile, token }, true);
}

/** Stores the new user token and user info and drops the visitor token (its chats moved over). */
export function applySignIn({ token, user }: Pick<SignInData, 'token' | 'user'>): void {
  saveUserInfo(user, token);
  sessionStore.setState({ token, visitorToken: '', showLogin: false });
}

/** A call that ends every session but hands back a fresh token (updatePassword, renewToken). */
export function replaceToken(token: string): void {
  sessionStore.setState({ token });
  userStore.setState({ token });
}
