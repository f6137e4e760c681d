import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.js';
import { agent, chatWithTurns, officialApp, signedInUser, visitor, type Caller } from './fixtures/chats.js';
import { buildTestApp, testDatabase, testMetricsToken } from './helper.js';
import { breakages, broken, operationsOf, validRequests, type Operation, type RequestParts } from './openapi/operation-requests.js';
import type { JsonSchema, KnownValues } from './openapi/schema-arbitrary.js';
import { parseEvents } from './sse-events.js';
import { fetchesReachLoopback } from './web-seeding.js';

/**
 * The published API document against the server, for every operation: requests generated from
 * the document (fast-check) that it calls valid are never refused by the server's own input
 * checks, requests it calls invalid get a 4xx, nothing answers 5xx, and every answer has a status,
 * content type and body the document publishes for the operation.
 */
// a web site on loopback for the prompt import to fetch: the server may reach it, and nothing else
const site = createServer((request, response) => {
  if (request.url === '/list.json') response.writeHead(200, { 'content-type': 'application/json' }).end('[{"act":"A","prompt":"a"}]');
  else response.writeHead(404).end();
});
await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
const sitePort = (site.address() as AddressInfo).port;
afterAll(() => new Promise((resolve) => site.close(resolve)));
const siteUrls = [`http://127.0.0.1:${sitePort}/list.json`, `http://127.0.0.1:${sitePort}/missing.json`, 'http://127.0.0.1:6379/'];

const app = await buildTestApp(
  { VISITOR_TOKEN_RATE_LIMIT: '1000000', CHAT_RATE_LIMIT: '1000000', LLM_MODELS: 'model-a, model-b', PROMPT_IMPORT_PORTS: String(sitePort) },
  fetchesReachLoopback,
);
const db = (await testDatabase()).handle.db;

/** Requests the server refused in its input validation (the route schemas), by request id. */
const refusedBySchema = new Set<string>();
app.addHook('onError', async (request, _reply, error) => {
  if ((error as { validation?: unknown }).validation) refusedBySchema.add(request.id);
});

const document = (await app.inject({ url: '/docs/json' })).json();
const operations = operationsOf(document);
const official = await officialApp(app, db);

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const validators = new Map<JsonSchema, ValidateFunction>();
function validatorOf(schema: JsonSchema): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) validators.set(schema, (validate = ajv.compile(asJsonSchema(schema) as object)));
  return validate;
}

/** OpenAPI 3.0's `nullable` on a schema without a type (any value, null too) is plain JSON Schema's `{}`. */
function asJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(asJsonSchema);
  if (typeof schema !== 'object' || schema === null) return schema;
  const { nullable, ...rest } = schema as JsonSchema;
  const node = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, asJsonSchema(value)]));
  return nullable && rest.type !== undefined ? { ...node, nullable } : node;
}

/** Who calls: a fresh operator account for /api, a fresh visitor for /api/visitor, nobody elsewhere. */
async function callerFor(operation: Operation): Promise<{ headers: Record<string, string>; known: KnownValues }> {
  if (!operation.path.startsWith('/api/')) {
    return { headers: operation.path === '/metrics' ? { authorization: `Bearer ${testMetricsToken}` } : {}, known: { uuids: [official.id], urls: siteUrls } };
  }
  const caller: Caller = operation.path.startsWith('/api/visitor/') ? await visitor(app) : await signedInUser(db);
  if (caller.owner.userId) await db.update(users).set({ isOperator: true }).where(eq(users.id, caller.owner.userId));
  const own = caller.owner.userId ? await agent(db, { ownerId: caller.owner.userId }) : null;
  const conversation = await chatWithTurns(db, caller.owner, { appId: own?.id ?? official.id }, 2);
  const uuids = [official.id, conversation.chat.id, ...conversation.items.map((item) => item.id), ...(own ? [own.id] : [])];
  return { headers: caller.headers, known: { uuids, urls: siteUrls } };
}

function queryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function multipartPayload(body: Record<string, unknown>): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (name === 'file') form.append(name, new Blob([String(item)]), 'upload.txt');
      else form.append(name, String(item));
    }
  }
  const request = new Request('http://parley.test/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

async function send(operation: Operation, request: RequestParts, headers: Record<string, string>) {
  const url =
    operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(request.path[name]))) + queryString(request.query);
  const options: InjectOptions = { method: operation.method, url, headers: { ...headers } };
  if (operation.body?.contentType === 'multipart/form-data' && typeof request.body === 'object' && request.body !== null) {
    const { payload, contentType } = await multipartPayload(request.body as Record<string, unknown>);
    options.payload = payload;
    options.headers = { ...options.headers, 'content-type': contentType };
  } else if (request.body !== undefined) {
    options.payload = JSON.stringify(request.body);
    options.headers = { ...options.headers, 'content-type': 'application/json' };
  }
  return app.inject(options);
}

type Response = Awaited<ReturnType<typeof send>>;

/** What is wrong with a response against the document, or null when it is one the document publishes. */
function mismatch(operation: Operation, response: Response): string | null {
  const status = String(response.statusCode);
  const published = operation.responses[status] ?? operation.responses[`${status[0]}XX`];
  if (!published) return `status ${status} is not published`;
  const mediaTypes = Object.keys(published.content ?? {});
  if (mediaTypes.length === 0) return response.body === '' ? null : `status ${status} publishes no body, but one came`;
  const contentType = String(response.headers['content-type'] ?? '').split(';')[0]!.trim();
  if (!mediaTypes.includes(contentType)) return `content type ${contentType} is not one of ${mediaTypes.join(', ')} for ${status}`;
  const schema = published.content![contentType]!.schema;
  if (!schema || !/json|event-stream/.test(contentType)) return null;
  const body = contentType === 'text/event-stream' ? parseEvents(response.body) : response.json();
  const validate = validatorOf(schema);
  return validate(body) ? null : `body does not match the ${status} schema: ${ajv.errorsText(validate.errors)}`;
}

function describeRequest(request: RequestParts): string {
  return JSON.stringify(request, (_key, value: unknown) => (typeof value === 'string' && value.length > 80 ? `${value.slice(0, 80)}…` : value));
}

/**
 * Runs per operation: enough to reach each field's edges within the suite's budget (about 20 s
 * here). OPENAPI_FUZZ_RUNS=200 searches deeper, by hand.
 */
const perOperation = Number(process.env.OPENAPI_FUZZ_RUNS ?? 8);
const runs = { valid: perOperation, invalid: perOperation };

describe('the published API document', () => {
  it('publishes every operation the server routes, with the streaming and upload ones in their real content types', () => {
    expect(operations.length).toBeGreaterThan(140);
    const completions = operations.find((operation) => operation.path === '/api/core/chat/completions')!;
    expect(Object.keys(completions.responses['200']!.content!)).toEqual(['text/event-stream']);
    expect(operations.find((operation) => operation.path === '/api/images/upload')!.body?.contentType).toBe('multipart/form-data');
  });

  it.each(operations.map((operation) => [operation.method, operation.path, operation] as const))(
    '%s %s: takes what the document allows, refuses what it forbids, answers as published',
    async (_method, _path, operation) => {
      const { headers, known } = await callerFor(operation);

      await fc.assert(
        fc.asyncProperty(validRequests(operation, known), async (request) => {
          const response = await send(operation, request, headers);
          const problem =
            response.statusCode >= 500
              ? `answered ${response.statusCode}: ${response.body.slice(0, 300)}`
              : refusedBySchema.has(String(response.headers['x-request-id']))
                ? `refused a request the document allows: ${response.body.slice(0, 300)}`
                : mismatch(operation, response);
          if (problem) throw new Error(`${problem}\nrequest: ${describeRequest(request)}`);
        }),
        { numRuns: runs.valid },
      );

      const ways = breakages(operation);
      if (ways.length === 0) return;
      await fc.assert(
        fc.asyncProperty(validRequests(operation, known), fc.constantFrom(...ways), async (request, breakage) => {
          const bad = broken(request, breakage);
          const response = await send(operation, bad, headers);
          const problem =
            response.statusCode < 400 || response.statusCode >= 500
              ? `answered ${response.statusCode} to a request the document forbids (${breakage.place} ${breakage.field ?? ''})`
              : mismatch(operation, response);
          if (problem) throw new Error(`${problem}\nrequest: ${describeRequest(bad)}`);
        }),
        { numRuns: runs.invalid },
      );
    },
  );
});
