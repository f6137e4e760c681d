import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { configPath } from '@parley/contracts';
import { usageRepo } from '../src/db/repos/usage-repo.js';
import { users } from '../src/db/schema/index.js';
import { userCaller, visitorCaller, type Caller } from './chat-stream-helpers.js';
import { startFakeOpenAI } from './fake-openai/index.js';
import { buildTestApp, testDatabase } from './helper.js';

const secrets = ['sk-live-SECRET123', 'proxyPass', 'socksPass', 'QUERYSECRET'];
const configured = await buildTestApp({
  VISITOR_TOKEN_RATE_LIMIT: '1000',
  LLM_BASE_URL: 'https://relay.example.com/v1?api_key=QUERYSECRET&region=eu',
  LLM_API_KEY: 'sk-live-SECRET123',
  LLM_MODELS: 'gpt-4o-mini,deepseek-chat',
  LLM_TIMEOUT_MS: '45000',
  HTTPS_PROXY: 'http://proxyUser:proxyPass@proxy.example.com:8080',
  SOCKS_PROXY: 'socks5://socksUser:socksPass@127.0.0.1:1080',
});
const offline = await buildTestApp();
const db = (await testDatabase()).handle.db;

const describeConfig = (app = configured, caller?: Caller) =>
  app.inject({ method: 'POST', url: configPath, headers: caller?.headers ?? {} });

async function operatorCaller(): Promise<Caller> {
  const caller = await userCaller();
  await db.update(users).set({ isOperator: true }).where(eq(users.id, caller.owner.userId!));
  return caller;
}

describe('POST /config', () => {
  it('shows an operator provider, model, redacted URLs, timeout and proxies, and never a key or secret', async () => {
    const response = await describeConfig(configured, await operatorCaller());
    expect(response.json().data).toMatchObject({
      provider: 'openai-compatible',
      model: 'gpt-4o-mini',
      models: ['gpt-4o-mini', 'deepseek-chat'],
      endpointsShown: true,
      apiBaseUrl: 'https://relay.example.com/v1?api_key=%5Bredacted%5D&region=eu',
      reverseProxy: 'https://relay.example.com/v1?api_key=%5Bredacted%5D&region=eu',
      timeoutMs: 45000,
      httpsProxy: 'http://proxy.example.com:8080/',
      socksProxy: 'socks5://127.0.0.1:1080',
      balance: null,
    });
    for (const secret of secrets) expect(response.body).not.toContain(secret);
    expect(response.body).not.toContain('proxyUser');
  });

  it('shows users, visitors and callers without a token neither the base URL nor the proxies, which may be internal addresses', async () => {
    for (const caller of [await userCaller(), await visitorCaller(configured), undefined]) {
      const response = await describeConfig(configured, caller);
      expect(response.json().data).toMatchObject({
        provider: 'openai-compatible',
        model: 'gpt-4o-mini',
        endpointsShown: false,
        apiBaseUrl: null,
        reverseProxy: null,
        httpsProxy: null,
        socksProxy: null,
        timeoutMs: 45000,
      });
      for (const address of ['relay.example.com', 'proxy.example.com', '127.0.0.1:1080']) expect(response.body).not.toContain(address);
    }
  });

  it('says offline, with no URLs, when no model endpoint is set', async () => {
    const response = await describeConfig(offline, await operatorCaller());
    expect(response.json().data).toMatchObject({ provider: 'offline', endpointsShown: true, apiBaseUrl: null, reverseProxy: null, httpsProxy: null, socksProxy: null });
  });

  it("gives the caller's own usage this month by day, not anyone else's", async () => {
    const [me, someoneElse, visitor] = [await userCaller(), await userCaller(), await visitorCaller(configured)];
    const usage = usageRepo(db);
    await usage.record(me.owner, { model: 'gpt-4o-mini', promptTokens: 100, completionTokens: 40, messages: 1 });
    await usage.record(me.owner, { model: 'deepseek-chat', promptTokens: 10, completionTokens: 5, messages: 1 });
    await usage.record(someoneElse.owner, { model: 'gpt-4o-mini', promptTokens: 999, completionTokens: 999, messages: 9 });
    await usage.record(visitor.owner, { model: 'gpt-4o-mini', promptTokens: 7, completionTokens: 3, messages: 1 });

    const month = new Date().toISOString().slice(0, 7);
    const day = new Date().toISOString().slice(0, 10);
    expect((await describeConfig(configured, me)).json().data.usage).toEqual({
      month,
      days: [{ day, promptTokens: 110, completionTokens: 45, messages: 2 }],
    });
    expect((await describeConfig(configured, visitor)).json().data.usage.days).toEqual([{ day, promptTokens: 7, completionTokens: 3, messages: 1 }]);
    expect((await describeConfig(configured)).json().data.usage).toBeNull();
  });

  it('refuses a token that is not valid instead of answering as nobody', async () => {
    const response = await configured.inject({ method: 'POST', url: configPath, headers: { authorization: 'Bearer not-a-token' } });
    expect(response.statusCode).toBe(401);
  });

  it('shows the balance the model service reports, asked with the key that never reaches the browser', async () => {
    const fake = await startFakeOpenAI({
      apiKey: 'sk-balance-SECRET',
      balance: { is_available: true, balance_infos: [{ currency: 'CNY', total_balance: '110.50', granted_balance: '10.00', topped_up_balance: '100.50' }] },
    });
    const app = await buildTestApp({ LLM_BASE_URL: fake.url, LLM_API_KEY: 'sk-balance-SECRET', LLM_MODELS: 'fake-model' });
    try {
      const response = await describeConfig(app);
      expect(response.json().data.balance).toBe('110.50 CNY');
      expect(response.body).not.toContain('sk-balance-SECRET');
    } finally {
      await app.close();
      await fake.close();
    }
  });

  it('says no balance when the model service reports none or refuses the key', async () => {
    const silent = await startFakeOpenAI();
    const refusing = await startFakeOpenAI({ apiKey: 'right-key', balance: { balance_infos: [{ currency: 'USD', total_balance: '5' }] } });
    const apps = [await buildTestApp({ LLM_BASE_URL: silent.url, LLM_MODELS: 'fake-model' }), await buildTestApp({ LLM_BASE_URL: refusing.url, LLM_API_KEY: 'wrong-key', LLM_MODELS: 'fake-model' })];
    try {
      for (const app of apps) expect((await describeConfig(app)).json().data.balance).toBeNull();
      expect((await describeConfig(offline)).json().data.balance).toBeNull();
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await Promise.all([silent.close(), refusing.close()]);
    }
  });
});
