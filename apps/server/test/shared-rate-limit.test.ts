import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newPhone, post } from './account-helpers.js';
import { buildTestApp, newDeviceNumber } from './helper.js';
import { redisReady } from '../src/platform/redis-client.js';
import { redisAvailable, testRedisUrl } from './redis.js';

const url = testRedisUrl();
const hasRedis = await redisAvailable(url);
if (!hasRedis) console.warn(`shared-rate-limit: Redis at ${url} unreachable, skipped`);

describe.skipIf(!hasRedis)('rate limits with REDIS_URL', () => {
  it('are counted across instances: the limit spent on one refuses on the other (429 / RATE_LIMITED)', async () => {
    const overrides = { REDIS_URL: url, VISITOR_TOKEN_RATE_LIMIT: '2' };
    const [a, b] = [await buildTestApp(overrides), await buildTestApp(overrides)];
    // until connected, an instance lets requests through (skipOnError): wait, as a running site has
    await Promise.all([redisReady(a.redis!), redisReady(b.redis!)]);
    // a fresh address each run, so counts left in Redis by an earlier run never interfere
    const remoteAddress = `10.${randomInt(255)}.${randomInt(255)}.${randomInt(1, 255)}`;
    const getToken = (app: typeof a) =>
      app.inject({ method: 'POST', url: '/api/visitor/getToken', payload: { deviceNumber: newDeviceNumber() }, remoteAddress });

    expect((await getToken(a)).statusCode).toBe(200);
    expect((await getToken(b)).statusCode).toBe(200);
    const refused = await getToken(a);

    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ msg: expect.any(String) });
  });

  it('count password sign-in tries per phone across instances (the shared counters)', async () => {
    const [a, b] = [await buildTestApp({ REDIS_URL: url }), await buildTestApp({ REDIS_URL: url })];
    await Promise.all([redisReady(a.redis!), redisReady(b.redis!)]);
    const phone = newPhone();
    const tryOn = (app: typeof a) => post(app, '/api/login/password', { mobile: phone, password: 'wrong7horse' });
    for (let i = 0; i < 10; i += 1) expect((await tryOn(i % 2 === 0 ? a : b)).json().code).toBe(10105);

    const blocked = await tryOn(a);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 10004, data: { retryAfterSeconds: expect.any(Number) } });
    expect(blocked.json().data.retryAfterSeconds).toBeGreaterThan(3500);
  });
});
