import { duplicateConnection, type RedisConnection } from './redis-client.js';
import type { FastifyBaseLogger } from 'fastify';
import type { StreamEventName } from '@parley/contracts';
import { endedStreamKeepMs, finalEvents, type LoggedEvent, type StreamLog } from './stream-log.js';

/** One answer's keys share the hash tag {streamId}: one Redis Cluster slot, so a MULTI may touch several. */
const keys = (streamId: string) => ({
  events: `parley:answer-stream:{${streamId}}`,
  owner: `parley:answer-stream:{${streamId}}:owner`,
  /** Exists while the writing instance is alive; gone means the writer died mid-answer. */
  alive: `parley:answer-stream:{${streamId}}:alive`,
  watched: `parley:answer-stream:{${streamId}}:watched`,
});
const heartbeatMs = 2000;
const aliveTtlMs = 6000;
/** A follower waits this long per read before checking that the writer still lives. */
const blockMs = 2000;

/**
 * Answer streams in Redis streams (XADD per frame), so a browser can resume on any instance,
 * even after the instance that was writing the answer died: the follower then gets every
 * event that was logged, and an `error` event saying the answer was interrupted (`interruptedMessage`).
 */
export function createRedisStreamLog(
  redis: RedisConnection,
  log: FastifyBaseLogger,
  interruptedMessage: string,
  keepMs = endedStreamKeepMs,
): StreamLog {
  const followers = new Set<RedisConnection>();
  const warn = (error: unknown) => log.warn({ err: error }, 'answer stream log write failed: a resume may miss text');

  return {
    open(streamId, ownerKey) {
      const k = keys(streamId);
      let offset = 0;
      redis
        .multi()
        .set(k.owner, ownerKey, 'PX', keepMs * 12)
        .set(k.alive, '1', 'PX', aliveTtlMs)
        .exec()
        .catch(warn);
      const heartbeat = setInterval(() => {
        redis.set(k.alive, '1', 'PX', aliveTtlMs).catch(warn);
      }, heartbeatMs);
      heartbeat.unref();
      return {
        append(event, data) {
          offset += 1;
          redis.xadd(k.events, '*', 'o', String(offset), 'e', event, 'd', data).catch(warn);
          return offset;
        },
        end() {
          clearInterval(heartbeat);
          redis
            .multi()
            .pexpire(k.events, keepMs)
            .pexpire(k.owner, keepMs)
            .del(k.alive)
            .exec()
            .catch(warn);
        },
        async watched() {
          try {
            return (await redis.exists(k.watched)) === 1;
          } catch {
            return false;
          }
        },
      };
    },

    async follow(streamId, ownerKey, after, signal) {
      const k = keys(streamId);
      // Redis unreachable: the stream cannot be found, answered like an unknown one (404)
      const owner = await redis.get(k.owner).catch((error: unknown) => {
        log.warn({ err: error, streamId }, 'answer stream log unavailable: resume refused');
        return null;
      });
      if (owner !== ownerKey) return null;
      // a blocking read holds its connection: each follower has its own
      const reader = duplicateConnection(redis, { enableOfflineQueue: true });
      followers.add(reader);
      const quit = () => reader.disconnect();
      signal.addEventListener('abort', quit, { once: true });
      const watching = setInterval(() => {
        redis.set(k.watched, '1', 'PX', aliveTtlMs).catch(() => undefined);
      }, heartbeatMs);
      await redis.set(k.watched, '1', 'PX', aliveTtlMs).catch(() => undefined);

      return (async function* (): AsyncGenerator<LoggedEvent> {
        let lastId = '0';
        let lastOffset = after;
        try {
          while (!signal.aborted) {
            const read = (await reader.xread('COUNT', 500, 'BLOCK', blockMs, 'STREAMS', k.events, lastId)) as
              | [string, [string, string[]][]][]
              | null;
            const entries = read?.[0]?.[1] ?? [];
            for (const [id, fields] of entries) {
              lastId = id;
              const entry = toEvent(fields);
              if (entry.offset <= lastOffset) continue;
              lastOffset = entry.offset;
              yield entry;
              if (finalEvents.has(entry.event)) return;
            }
            if (entries.length === 0 && (await redis.exists(k.alive)) === 0) {
              // the writer is gone without a last event: it died mid-answer
              yield {
                offset: lastOffset + 1,
                event: 'error',
                data: JSON.stringify({ answerId: streamId, kind: 'internal', message: interruptedMessage, status: null, retryable: true }),
              };
              return;
            }
          }
        } catch (error) {
          if (!signal.aborted) throw error;
        } finally {
          clearInterval(watching);
          signal.removeEventListener('abort', quit);
          followers.delete(reader);
          reader.disconnect();
        }
      })();
    },

    async close() {
      for (const reader of followers) reader.disconnect();
      followers.clear();
    },
  };
}

function toEvent(fields: string[]): LoggedEvent {
  const value = (name: string) => fields[fields.indexOf(name) + 1] ?? '';
  return { offset: Number(value('o')), event: value('e') as StreamEventName, data: value('d') };
}
