type Listener = (event: MediaQueryListEvent) => void;

const matching = new Set<string>();
const listeners = new Map<string, Set<Listener>>();

/** jsdom has no matchMedia; this one answers from a set the tests control. */
export function installMatchMedia(): void {
  window.matchMedia = (query: string): MediaQueryList => {
    const own = listeners.get(query) ?? new Set<Listener>();
    listeners.set(query, own);
    return {
      media: query,
      get matches() {
        return matching.has(query);
      },
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => own.add(listener),
      removeEventListener: (_type: string, listener: Listener) => own.delete(listener),
      addListener: (listener: Listener) => own.add(listener),
      removeListener: (listener: Listener) => own.delete(listener),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
  };
}

/** Flips a media query and tells its listeners, as a browser does when the system changes. */
export function setMediaMatch(query: string, matches: boolean): void {
  if (matches) matching.add(query);
  else matching.delete(query);
  for (const listener of listeners.get(query) ?? []) listener({ matches, media: query } as MediaQueryListEvent);
}
