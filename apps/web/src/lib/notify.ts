export interface Notifier {
  error(content: string): void;
  success(content: string): void;
}

type Kind = keyof Notifier;

let target: Notifier | null = null;
const pending: Array<[Kind, string]> = [];

function send(kind: Kind, content: string): void {
  if (target) target[kind](content);
  else pending.push([kind, content]);
}

/**
 * Toasts from code outside React (the HTTP client, the route guard). Messages raised before the
 * antd App mounts wait and show once it does.
 */
export const notify: Notifier = {
  error: (content) => send('error', content),
  success: (content) => send('success', content),
};

export function bindNotifier(notifier: Notifier): () => void {
  target = notifier;
  for (const [kind, content] of pending.splice(0)) notifier[kind](content);
  return () => {
    if (target === notifier) target = null;
  };
}
