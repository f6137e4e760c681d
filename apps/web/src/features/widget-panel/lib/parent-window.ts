import { panelMessage, readLoaderMessage, type LoaderMessage, type PanelMessage } from '../../../lib/widget-messages';

/**
 * The panel's side of the widget's messages: it hears only its parent window from the host origin
 * its address named, and posts only there. Opened on its own (no parent, or no origin), it is deaf and mute.
 */
export function connectParent(hostOrigin: string | null, onMessage: (message: LoaderMessage) => void): { post: (type: PanelMessage['type']) => void; disconnect: () => void } {
  const parent = window.parent !== window ? window.parent : null;
  if (!parent || !hostOrigin) return { post: () => undefined, disconnect: () => undefined };
  const listener = (event: MessageEvent) => {
    const message = readLoaderMessage(event, { origin: hostOrigin, source: parent });
    if (message) onMessage(message);
  };
  window.addEventListener('message', listener);
  return {
    post: (type) => parent.postMessage(panelMessage(type), hostOrigin),
    disconnect: () => window.removeEventListener('message', listener),
  };
}
