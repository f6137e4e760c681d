import { useState } from 'react';

/**
 * Whether a screen may draw what it waits for (the markdown renderer, the message list's chunk):
 * `ready` decides only its first paint of known content. Once drawn, it stays drawn when later
 * content needs what is not here yet (an answer that just finished), which then draws as it can.
 * Content still loading (`known` false) is not a paint.
 */
export function useFirstPaintGate(known: boolean, ready: boolean): boolean {
  const [drawn, setDrawn] = useState(false);
  if (known && ready && !drawn) setDrawn(true);
  return ready || drawn;
}
