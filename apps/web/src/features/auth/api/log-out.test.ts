import { headers } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../stores/session-store';
import { withRealServer } from '../../../test/real-server';
import { logOut } from './log-out';

const server = withRealServer();

describe('logging out', () => {
  it('forgets the token here at once, then ends it on the server', async () => {
    const user = await server.signIn();
    const ending = logOut();
    // calls made from now on go as the visitor, not with the token being ended
    expect(sessionStore.getState().token).toBe('');
    await ending;
    const [call] = server.calls('/api/logout');
    expect(call?.headers[headers.userToken]).toBe(user.token);
    const identity = await server.app.inject({ url: '/api/identity', headers: { [headers.userToken]: user.token, authorization: `Bearer ${user.token}` } });
    expect(identity.statusCode).toBe(401);
  });
});
