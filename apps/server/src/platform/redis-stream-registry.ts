import type { RedisConnection } from './redis-client.js';
import type { FastifyBaseLogger } from 'fastify';
import { createLocalStreamRegistry, type StreamRegistry } from './stream-registry.js';

const channel = 'parley:stream-stop';
/** Signed-out sessions (logout, password change, deletion): every instance ends their streams. */
const sessionChannel = 'parley:session-end';
const keyFor = (chatId: string) => `parley:stream-chat:${chatId}`;
/** A running stream's key is refreshed this often and lives this long: a dead instance's keys vanish. */
const refreshMs = 5000;
const keyTtlMs = 15_000;

/**
 * Streams across instances: each instance holds its own (the local registry), and records in
 * Redis which owner runs a stream in which chat. Stop Responding on any instance checks the
 * owner there and publishes the stop; the instance holding the stream aborts it.
 */
export function createRedisStreamRegistry(opts: {
  redis: RedisConnection;
  /** A separate connection: a subscribed connection takes no other commands. */
  subscriber: RedisConnection;
  log: FastifyBaseLogger;
}): StreamRegistry & { close(): Promise<void> } {
  const { redis, subscriber, log } = opts;
  const local = createLocalStreamRegistry();
  const held = new Map<string, { ownerKey: string; controller: AbortController }>();

  // Without an offline queue a subscribe sent before the connection is up fails: subscribe once it
  // is ready, and again on every reconnect (idempotent), so no outage leaves the channel deaf.
  const subscribe = () =>
    subscriber.subscribe(channel, sessionChannel).catch((error: unknown) => log.warn({ err: error }, 'stream stop channel unavailable'));
  subscriber.on('ready', subscribe);
  if (subscriber.status === 'ready') void subscribe();
  subscriber.on('message', (from: string, message: string) => {
    try {
      if (from === channel) {
        const { chatId, ownerKey } = JSON.parse(message) as { chatId: string; ownerKey: string };
        void local.stop(chatId, ownerKey);
      } else if (from === sessionChannel) {
        local.endSessions(JSON.parse(message) as string[]);
      }
    } catch (error) {
      log.warn({ err: error }, 'ignored a malformed stream stop message');
    }
  });

  const refresh = setInterval(() => {
    // one command per key, not one pipeline: in a Redis Cluster the keys live on different nodes
    for (const [chatId, { ownerKey }] of held) redis.set(keyFor(chatId), ownerKey, 'PX', keyTtlMs).catch(() => undefined);
  }, refreshMs);
  refresh.unref();

  return {
    register(chatId, ownerKey, controller, sessionKey) {
      if (!local.register(chatId, ownerKey, controller, sessionKey)) return false;
      held.set(chatId, { ownerKey, controller });
      redis.set(keyFor(chatId), ownerKey, 'PX', keyTtlMs).catch((error: unknown) => {
        log.warn({ err: error, chatId }, 'stream not shared: Stop Responding works only on this instance');
      });
      return true;
    },
    async stop(chatId, ownerKey) {
      if (await local.stop(chatId, ownerKey)) return true;
      const runningFor = await redis.get(keyFor(chatId));
      if (runningFor !== ownerKey) return false;
      await redis.publish(channel, JSON.stringify({ chatId, ownerKey }));
      return true;
    },
    unregister(chatId, controller) {
      local.unregister(chatId, controller);
      if (held.get(chatId)?.controller === controller) {
        held.delete(chatId);
        redis.del(keyFor(chatId)).catch(() => undefined);
      }
    },
    endSessions(sessionKeys) {
      const ended = local.endSessions(sessionKeys);
      redis.publish(sessionChannel, JSON.stringify(sessionKeys)).catch((error: unknown) => {
        log.warn({ err: error }, 'signed-out sessions not shared: their streams on other instances keep running');
      });
      return ended;
    },
    abortAll(reason) {
      local.abortAll(reason);
    },
    get size() {
      return local.size;
    },
    async close() {
      clearInterval(refresh);
      subscriber.off('ready', subscribe);
      await subscriber.unsubscribe(channel, sessionChannel).catch(() => undefined);
    },
  };
}
