import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { promptPaths } from '@parley/contracts';
import { isPublicAddress } from '../src/platform/address-policy.js';
import { post, userCaller, visitorCaller } from './chat-stream-helpers.js';
import { buildTestApp } from './helper.js';

/**
 * POST /prompts/import-url. The list server below listens on 127.0.0.1: one app keeps the real
 * policy (which refuses it), the other is built with a policy allowing exactly that address.
 */
const listServer: Server = createServer((request, response) => {
  if (request.url === '/list.json') {
    response.setHeader('content-type', 'application/json');
    response.end('[{"key":"Spread check","value":"Compare the spreads of these brokers."}]');
  } else {
    response.setHeader('content-type', 'text/html');
    response.end('<html>login page</html>');
  }
});
await new Promise<void>((resolve) => listServer.listen(0, '127.0.0.1', resolve));
const listPort = (listServer.address() as AddressInfo).port;
const base = `http://127.0.0.1:${listPort}`;
afterAll(async () => {
  await new Promise((resolve) => listServer.close(resolve));
});

const realPolicyApp = await buildTestApp({ VISITOR_TOKEN_RATE_LIMIT: '1000' });
// the operator lists the list server's port; the policy lets its loopback address through
const testServerApp = await buildTestApp(
  { VISITOR_TOKEN_RATE_LIMIT: '1000', PROMPT_IMPORT_PORTS: `8080, ${listPort}` },
  { addressPolicy: (address) => address === '127.0.0.1' || isPublicAddress(address) },
);

describe('POST /prompts/import-url', () => {
  it('hands a visitor and a user the parsed JSON of an allowed list, untouched', async () => {
    for (const caller of [await visitorCaller(testServerApp), await userCaller()]) {
      const response = await post(testServerApp, caller, promptPaths.importUrl, { url: `${base}/list.json` });
      expect(response.json()).toEqual({
        code: 0,
        msg: 'success',
        data: { json: [{ key: 'Spread check', value: 'Compare the spreads of these brokers.' }] },
      });
    }
  });

  it('refuses a loopback list with the real policy, with code 10021', async () => {
    const response = await post(realPolicyApp, await visitorCaller(realPolicyApp), promptPaths.importUrl, { url: 'http://127.0.0.1/list.json' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 10021, data: { reason: 'address' } });
  });

  it('refuses a port other than 80, 443 and those PROMPT_IMPORT_PORTS lists, with code 10021 and the ports allowed', async () => {
    const response = await post(realPolicyApp, await visitorCaller(realPolicyApp), promptPaths.importUrl, { url: `${base}/list.json` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 10021, msg: "Only addresses on the web's standard ports (80, 443) can be fetched.", data: { reason: 'port' } });
  });

  it('answers HTML with the check-the-network-and-JSON error, code 10020', async () => {
    const response = await post(testServerApp, await visitorCaller(testServerApp), promptPaths.importUrl, { url: `${base}/login` });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 10020,
      msg: 'Please check the network and that the JSON file is valid.',
      data: { reason: 'notJson' },
    });
  });

  it('rejects a non-http(s) URL as a validation error before fetching anything', async () => {
    const response = await post(realPolicyApp, await visitorCaller(realPolicyApp), promptPaths.importUrl, { url: 'file:///etc/passwd' });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toMatch(/url must start with http:\/\/ or https:\/\//);
  });

  it('needs a user or visitor token', async () => {
    const response = await realPolicyApp.inject({ method: 'POST', url: `/api/visitor${promptPaths.importUrl}`, payload: { url: `${base}/list.json` } });
    expect(response.statusCode).toBe(401);
  });
});
