import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { balanceSources, createBalanceReader } from './provider-balance.js';

const [deepseek, creditGrants, openRouter] = balanceSources;

describe('reading a balance from what a provider answers', () => {
  it("reads DeepSeek's balance_infos, every currency", () => {
    expect(deepseek?.read({ balance_infos: [{ currency: 'CNY', total_balance: '110.5' }, { currency: 'USD', total_balance: 2 }] })).toBe('110.50 CNY, 2.00 USD');
    expect(deepseek?.read({ balance_infos: [] })).toBeNull();
  });

  it('reads total_available of a credit_grants answer and what is left of OpenRouter credits', () => {
    expect(creditGrants?.read({ object: 'credit_summary', total_granted: 18, total_used: 3.25, total_available: 14.75 })).toBe('14.75 USD');
    expect(openRouter?.read({ data: { total_credits: 20, total_usage: 7.5 } })).toBe('12.50 USD');
  });

  it.each([null, 'text', [], { total_available: 'lots' }, { balance_infos: [{ currency: 3, total_balance: '1' }] }, { data: { total_credits: 1 } }])(
    'finds no balance in %j',
    (json) => {
      for (const source of balanceSources) expect(source.read(json)).toBeNull();
    },
  );
});

describe('the balance reader', () => {
  const seen: string[] = [];
  let stall = false;
  const server = createServer((req, res) => {
    seen.push(`${req.url} ${req.headers.authorization ?? ''}`);
    if (stall) return; // never answers
    if (req.url === '/v1/dashboard/billing/credit_grants') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ total_available: 4 }));
    } else res.writeHead(404).end('{}');
  });
  const listening = new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`)));
  const dispatcher = new Agent();
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await dispatcher.close();
  });

  it('tries the known calls in turn with the key, then keeps the answer for a while', async () => {
    let clock = 0;
    const reader = createBalanceReader({ baseUrl: await listening, apiKey: 'k', dispatcher, timeoutMs: 2000, cacheMs: 1000, now: () => clock });
    seen.length = 0;
    expect(await reader.read()).toBe('4.00 USD');
    expect(seen).toEqual(['/v1/user/balance Bearer k', '/v1/dashboard/billing/credit_grants Bearer k']);
    expect(await reader.read()).toBe('4.00 USD');
    expect(seen).toHaveLength(2);
    clock = 1001;
    await reader.read();
    expect(seen).toHaveLength(4);
  });

  it('gives up on a service that does not answer, with no balance', async () => {
    stall = true;
    const reader = createBalanceReader({ baseUrl: await listening, apiKey: '', dispatcher, timeoutMs: 50, cacheMs: 1000 });
    expect(await reader.read()).toBeNull();
    stall = false;
  });
});
