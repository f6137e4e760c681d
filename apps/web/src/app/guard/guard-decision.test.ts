import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http/http-error';
import { decideGuard, guardErrorRedirect, type GuardInput } from './guard-decision';

const visitor: GuardInput = { pathname: '/discover', userToken: '', visitorToken: '', hitoAppId: '', hitoChatId: '', regionBlocked: false };

describe('the route guard', () => {
  it('asks for a visitor token when neither a user token nor a visitor token is held', () => {
    expect(decideGuard(visitor).requestVisitorToken).toBe(true);
  });

  it('does not ask when a visitor token is held', () => {
    expect(decideGuard({ ...visitor, visitorToken: 'v' }).requestVisitorToken).toBe(false);
  });

  it('does not ask when logged in', () => {
    expect(decideGuard({ ...visitor, userToken: 'u' }).requestVisitorToken).toBe(false);
  });

  it('treats a blank user token as logged out', () => {
    expect(decideGuard({ ...visitor, userToken: '  ' }).requestVisitorToken).toBe(true);
  });

  it('sends MainChat to Chat when the stored app id and chat id are both present', () => {
    const decision = decideGuard({ ...visitor, pathname: '/home', hitoAppId: 'app 1', hitoChatId: 'chat-9' });
    expect(decision.redirectTo).toBe('/chat/app%201?chatId=chat-9');
  });

  it.each([
    ['the app id is empty', { hitoAppId: '', hitoChatId: 'chat-9' }],
    ['the chat id is empty', { hitoAppId: 'app', hitoChatId: '' }],
    ['the chat id is blank', { hitoAppId: 'app', hitoChatId: '   ' }],
  ])('leaves MainChat alone when %s', (_why, ids) => {
    expect(decideGuard({ ...visitor, pathname: '/home', ...ids }).redirectTo).toBeNull();
  });

  it('resumes the chat only from MainChat', () => {
    expect(decideGuard({ ...visitor, pathname: '/discover', hitoAppId: 'a', hitoChatId: 'c' }).redirectTo).toBeNull();
  });

  it('sends UnSupport back to Root while no region check has turned the visitor away', () => {
    expect(decideGuard({ ...visitor, pathname: '/unsupport' }).redirectTo).toBe('/');
  });

  it('sends a visitor the region check turned away to UnSupport from anywhere, and keeps them there', () => {
    for (const pathname of ['/', '/home', '/discover', '/chat/a']) {
      expect(decideGuard({ ...visitor, pathname, regionBlocked: true }).redirectTo).toBe('/unsupport');
    }
    expect(decideGuard({ ...visitor, pathname: '/home', hitoAppId: 'a', hitoChatId: 'c', regionBlocked: true }).redirectTo).toBe('/unsupport');
    expect(decideGuard({ ...visitor, pathname: '/unsupport', regionBlocked: true }).redirectTo).toBeNull();
  });
});

describe('a guard failure', () => {
  it('goes to /500', () => {
    expect(guardErrorRedirect(new HttpError({ code: 500, status: 500, msg: 'x' }), '/home')).toBe('/500');
    expect(guardErrorRedirect(new TypeError('network'), '/discover')).toBe('/500');
  });

  it('stays put when already on /500', () => {
    expect(guardErrorRedirect(new Error('x'), '/500')).toBeNull();
  });

  it('stays on the page when the site access password is required, so the 403 overlay shows', () => {
    expect(guardErrorRedirect(new HttpError({ code: 403, status: 403, msg: 'verify' }), '/home')).toBeNull();
  });
});
