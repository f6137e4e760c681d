/** Why an answer stream was cut short; the pipeline saves all but 'shutdown' as stopped. */
export type StopReason = 'stop' | 'disconnect' | 'shutdown' | 'revoked';

export class StreamStopped extends Error {
  override name = 'StreamStopped';
  constructor(readonly reason: StopReason) {
    super(`answer stream ended early: ${reason}`);
  }
}

/**
 * The answers streaming right now, one per chat. In-process today; a Redis-backed registry
 * (publish the stop, each instance aborts its own streams) can replace it behind this interface.
 */
export interface StreamRegistry {
  /**
   * Claims the chat for a new stream; false when one is already running in it. `sessionKey`
   * names the sign-in (token hash) it runs under, so ending that session ends the stream.
   */
  register(chatId: string, ownerKey: string, controller: AbortController, sessionKey?: string): boolean;
  /** Aborts the chat's stream when `ownerKey` owns it; true when one was stopped. */
  stop(chatId: string, ownerKey: string): Promise<boolean>;
  /** Releases the chat, only if `controller` still holds it. */
  unregister(chatId: string, controller: AbortController): void;
  /** Aborts the streams of these sessions (logout, password change, account deletion); answers how many. */
  endSessions(sessionKeys: readonly string[]): number;
  /** Aborts every stream (graceful shutdown). */
  abortAll(reason: StopReason): void;
  readonly size: number;
}

export function createLocalStreamRegistry(): StreamRegistry {
  const streams = new Map<string, { ownerKey: string; controller: AbortController; sessionKey?: string }>();
  return {
    register(chatId, ownerKey, controller, sessionKey) {
      if (streams.has(chatId)) return false;
      streams.set(chatId, { ownerKey, controller, sessionKey });
      return true;
    },
    async stop(chatId, ownerKey) {
      const entry = streams.get(chatId);
      if (!entry || entry.ownerKey !== ownerKey || entry.controller.signal.aborted) return false;
      entry.controller.abort(new StreamStopped('stop'));
      return true;
    },
    unregister(chatId, controller) {
      if (streams.get(chatId)?.controller === controller) streams.delete(chatId);
    },
    endSessions(sessionKeys) {
      const ending = new Set(sessionKeys);
      let ended = 0;
      for (const { controller, sessionKey } of streams.values()) {
        if (sessionKey === undefined || !ending.has(sessionKey) || controller.signal.aborted) continue;
        controller.abort(new StreamStopped('revoked'));
        ended += 1;
      }
      return ended;
    },
    abortAll(reason) {
      for (const { controller } of streams.values()) {
        if (!controller.signal.aborted) controller.abort(new StreamStopped(reason));
      }
    },
    get size() {
      return streams.size;
    },
  };
}
