import type { StreamEvent } from '@parley/contracts';

/** Parses an SSE body into its events (comments and blank lines skipped). Free of vitest, for the benches too. */
export function parseEvents(body: string): StreamEvent[] {
  const events: StreamEvent[] = [];
  for (const frame of body.split('\n\n')) {
    const name = /^event: (.+)$/m.exec(frame)?.[1];
    const data = /^data: (.*)$/m.exec(frame)?.[1];
    if (name && data !== undefined) events.push({ event: name, data: JSON.parse(data) } as StreamEvent);
  }
  return events;
}
