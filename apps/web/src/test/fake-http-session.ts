import { vi } from 'vitest';
import type { HttpSession } from '../lib/http';

type Tokens = ReturnType<HttpSession['credentials']>;

const noTokens: Tokens = { userToken: '', visitorToken: '', deviceId: '173200000012345678901234', accessToken: '' };

/**
 * A session for tests of the HTTP client on its own (lib/ knows no stores): tokens a test sets
 * directly, and spies on what the client asks of the session. `reset` starts a test afresh.
 */
export function fakeHttpSession() {
  const tokens: Tokens = { ...noTokens };
  const session = {
    tokens,
    credentials: () => ({ ...tokens }),
    setVisitorToken: vi.fn((visitorToken: string) => {
      tokens.visitorToken = visitorToken;
    }),
    logout: vi.fn(),
    denyAccess: vi.fn(),
    requireLogin: vi.fn(),
    reset(next: Partial<Tokens> = {}) {
      Object.assign(tokens, noTokens, next);
      for (const spy of [session.setVisitorToken, session.logout, session.denyAccess, session.requireLogin]) spy.mockClear();
    },
  } satisfies HttpSession & Record<string, unknown>;
  return session;
}
