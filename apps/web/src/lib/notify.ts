export interface Notice {
  title: string;
  description?: string;
}

export interface Notifier {
  /** A short toast (antd message, 3 s). */
  error(content: string): void;
  success(content: string): void;
  /** A toast for input the user must fix before anything is sent. */
  warning(content: string): void;
  /** A notification card in the top-right corner, for news that deserves more than a toast. */
  notice(notice: Notice): void;
}

type Pending = { [K in keyof Notifier]: [K, Parameters<Notifier[K]>[0]] }[keyof Notifier];

let target: Notifier | null = null;
const pending: Pending[] = [];
const waiting = new Set<() => void>();

function deliver(notifier: Notifier, [kind, payload]: Pending): void {
  if (kind === 'notice') notifier.notice(payload);
  else notifier[kind](payload);
}

function send(item: Pending): void {
  if (target) {
    deliver(target, item);
    return;
  }
  pending.push(item);
  for (const listener of [...waiting]) listener();
}

/**
 * Toasts from code outside React (the HTTP client, the route guard). Messages raised before the
 * antd App mounts wait and show once it does.
 */
export const notify: Notifier = {
  error: (content) => send(['error', content]),
  success: (content) => send(['success', content]),
  warning: (content) => send(['warning', content]),
  notice: (notice) => send(['notice', notice]),
};

export function bindNotifier(notifier: Notifier): () => void {
  target = notifier;
  for (const item of pending.splice(0)) deliver(notifier, item);
  return () => {
    if (target === notifier) target = null;
  };
}

/**
 * Calls `listener` when a message waits for an outlet (at once if one already does): the app
 * mounts its outlet, antd's message and notification, only when there is something to show.
 */
export function whenNotified(listener: () => void): () => void {
  waiting.add(listener);
  if (pending.length > 0) listener();
  return () => void waiting.delete(listener);
}
