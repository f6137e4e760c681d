import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createConsoleSmsSender, createHttpSmsSender, SmsDeliveryError } from '../src/services/accounts/sms-sender.js';
import { startFakeSmsGateway } from './fake-sms-gateway/index.js';

const gateway = await startFakeSmsGateway({ token: 'gw-token' });
afterAll(() => gateway.close());

const message = { areaCode: '86', phone: '13800138000', code: '123456', purpose: 'login' as const, reference: 'ref-1' };

describe('the HTTP gateway sender', () => {
  it('posts the message as JSON with the bearer token, over real HTTP', async () => {
    const sender = createHttpSmsSender({ url: gateway.url, token: 'gw-token', timeoutMs: 2000 });
    await sender.send(message);
    expect(gateway.messages.at(-1)).toMatchObject({
      to: '+8613800138000',
      areaCode: '86',
      phone: '13800138000',
      code: '123456',
      purpose: 'login',
      reference: 'ref-1',
      authorization: 'Bearer gw-token',
    });
    expect(gateway.messages.at(-1)?.message).toContain('123456');
    const read = await fetch(`${gateway.baseUrl}/__fake/last-code?phone=13800138000`);
    expect(((await read.json()) as { code: string }).code).toBe('123456');
  });

  it('fails when the gateway refuses the token or answers an error', async () => {
    await expect(createHttpSmsSender({ url: gateway.url, token: 'wrong', timeoutMs: 2000 }).send(message)).rejects.toThrow(
      new SmsDeliveryError('SMS gateway answered HTTP 401'),
    );
    gateway.failNext(503);
    await expect(createHttpSmsSender({ url: gateway.url, token: 'gw-token', timeoutMs: 2000 }).send(message)).rejects.toThrow(/HTTP 503/);
  });

  it('fails when the gateway cannot be reached or does not answer in time', async () => {
    await expect(
      createHttpSmsSender({ url: 'http://127.0.0.1:9/send', token: '', timeoutMs: 2000 }).send(message),
    ).rejects.toThrow(/unreachable/);
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      await expect(createHttpSmsSender({ url: `http://127.0.0.1:${port}/send`, token: '', timeoutMs: 200 }).send(message)).rejects.toThrow(
        /unreachable/,
      );
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});

describe('the console sender', () => {
  it('logs the code as a development delivery and sends nothing', async () => {
    const lines: { obj: object; msg: string }[] = [];
    await createConsoleSmsSender({ warn: (obj: object, msg: string) => lines.push({ obj, msg }) } as never).send(message);
    expect(lines).toEqual([
      {
        obj: { smsTo: '+86 13800138000', purpose: 'login', reference: 'ref-1' },
        msg: 'DEVELOPMENT SMS DELIVERY (not sent): +86 13800138000 code 123456 (login)',
      },
    ]);
  });
});

describe('SMS configuration', () => {
  it('uses the console sender by default and needs a URL for the HTTP one', () => {
    expect(loadConfig({}).SMS_SENDER).toBe('console');
    expect(() => loadConfig({ SMS_SENDER: 'http' })).toThrow(/SMS_GATEWAY_URL: set the gateway URL/);
    expect(loadConfig({ SMS_SENDER: 'http', SMS_GATEWAY_URL: 'http://gw.local/send' }).SMS_GATEWAY_URL).toBe('http://gw.local/send');
  });
});
