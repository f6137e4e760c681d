import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { StreamEvent } from '@parley/contracts';
import { tokenRepo } from '../src/db/repos/token-repo.js';
import { userRepo } from '../src/db/repos/user-repo.js';
import { apps, chatItems, chats } from '../src/db/schema/index.js';
import { createOpaqueToken } from '../src/services/accounts/opaque-token.js';
import { newDeviceNumber, testDatabase } from './helper.js';
import { parseEvents } from './sse-events.js';

export interface Caller {
  /** /api or /api/visitor */
  prefix: string;
  headers: Record<string, string>;
  /** The owner the server will see. */
  owner: { userId: string; visitorId: null } | { userId: null; visitorId: string };
}

export async function visitorCaller(app: FastifyInstance): Promise<Caller> {
  const deviceNumber = newDeviceNumber();
  const response = await app.inject({ method: 'POST', url: '/api/visitor/getToken', payload: { deviceNumber } });
  const headers = { 'x-parley-visitor-token': response.json().data.visitorToken, 'x-parley-device': deviceNumber };
  const identity = await app.inject({ url: '/api/visitor/identity', headers });
  return { prefix: '/api/visitor', headers, owner: { userId: null, visitorId: identity.json().data.visitorId } };
}

export async function userCaller(): Promise<Caller> {
  const db = (await testDatabase()).handle.db;
  const user = await userRepo(db).create({ username: `user-${newDeviceNumber()}` });
  const { token, tokenHash } = createOpaqueToken();
  await tokenRepo(db).insert({ kind: 'user', userId: user.id, tokenHash, expiresAt: new Date(Date.now() + 3600_000) });
  return { prefix: '/api', headers: { authorization: `Bearer ${token}` }, owner: { userId: user.id, visitorId: null } };
}

export { parseEvents } from './sse-events.js';

export type EventData<K extends StreamEvent['event']> = Extract<StreamEvent, { event: K }>['data'];

/** An answer stream taken apart: each event kind, and the deltas joined. */
export function readStream(body: string) {
  const events = parseEvents(body);
  const one = <K extends StreamEvent['event']>(name: K) =>
    events.find((event) => event.event === name)?.data as EventData<K> | undefined;
  return {
    events,
    names: events.map((event) => event.event),
    start: one('start'),
    citations: one('citations')?.citations ?? [],
    usage: one('usage'),
    done: one('done'),
    error: one('error'),
    text: events.map((event) => (event.event === 'delta' ? event.data.text : '')).join(''),
    /** The SSE id of the last event: the offset to resume after. */
    lastId: Number([...body.matchAll(/^id: (\d+)$/gm)].at(-1)?.[1] ?? 0),
  };
}

/** A streaming call over real HTTP to `base`, read as it arrives. */
export async function openStream(
  base: string,
  caller: Caller,
  path: string,
  payload: object,
  options: { signal?: AbortSignal } = {},
) {
  const response = await fetch(`${base}${caller.prefix}${path}`, {
    method: 'POST',
    headers: { ...caller.headers, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
    signal: options.signal,
  });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let body = '';
  const readUntil = async (enough: (stream: ReturnType<typeof readStream>) => boolean) => {
    while (!enough(readStream(body))) {
      const { done, value } = await reader.read();
      if (done) break;
      body += decoder.decode(value, { stream: true });
    }
    return readStream(body);
  };
  return { response, readUntil, readAll: () => readUntil(() => false) };
}

/** Enough once `count` deltas arrived. */
export const deltas = (count: number) => (stream: ReturnType<typeof readStream>) =>
  stream.names.filter((name) => name === 'delta').length >= count;

export function post(app: FastifyInstance, caller: Caller, path: string, payload: unknown) {
  return app.inject({ method: 'POST', url: `${caller.prefix}${path}`, headers: caller.headers, payload: payload as object });
}

/** An agent owned by `ownerId` (public unless told otherwise). */
export async function createAgent(ownerId: string, overrides: Partial<typeof apps.$inferInsert> = {}) {
  const db = (await testDatabase()).handle.db;
  const [row] = await db
    .insert(apps)
    .values({ ownerId, name: 'Pirate', systemPrompt: 'You are a pirate.', visibility: 'public', ...overrides })
    .returning();
  if (!row) throw new Error('agent insert returned no row');
  return row;
}

/** The chats and items an owner has, oldest first. */
export async function savedChats(owner: Caller['owner']) {
  const db = (await testDatabase()).handle.db;
  const condition = owner.userId !== null ? eq(chats.userId, owner.userId) : eq(chats.visitorId, owner.visitorId);
  const rows = await db.select().from(chats).where(condition).orderBy(asc(chats.createdAt));
  const items = rows.length
    ? await db.select().from(chatItems).where(inArray(chatItems.chatId, rows.map((row) => row.id))).orderBy(asc(chatItems.seq))
    : [];
  return { chats: rows, items };
}
