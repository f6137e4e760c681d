import { describe, expect, it } from 'vitest';
import { sharedReads } from './shared-reads.js';

/** A read whose results the test hands out, one per call, counting the calls by key. */
function controlledRead() {
  const calls: string[] = [];
  const pending: { resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  const read = (key: string) =>
    new Promise<string>((resolve, reject) => {
      calls.push(key);
      pending.push({ resolve, reject });
    });
  return { calls, pending, read };
}

describe('shared reads', () => {
  it('give callers asking while a read of the same key is in flight that read, and read other keys apart', async () => {
    const { calls, pending, read } = controlledRead();
    const shared = sharedReads(read);
    const first = shared('official');
    const second = shared('official');
    const other = shared('agent-1');
    expect(calls).toEqual(['official', 'agent-1']);
    pending[0]?.resolve('row v1');
    pending[1]?.resolve('agent row');
    expect(await Promise.all([first, second, other])).toEqual(['row v1', 'row v1', 'agent row']);
  });

  it('read again once the read settled, so a change saved before the next caller asked is seen', async () => {
    const { calls, pending, read } = controlledRead();
    const shared = sharedReads(read);
    const first = shared('official');
    pending[0]?.resolve('row v1');
    await first;
    const next = shared('official');
    pending[1]?.resolve('row v2');
    expect(await next).toBe('row v2');
    expect(calls).toEqual(['official', 'official']);
  });

  it('share a failure with the callers that waited on it, and let the next caller try again', async () => {
    const { calls, pending, read } = controlledRead();
    const shared = sharedReads(read);
    const first = shared('official');
    const second = shared('official');
    pending[0]?.reject(new Error('database unavailable'));
    await expect(first).rejects.toThrow('database unavailable');
    await expect(second).rejects.toThrow('database unavailable');
    const retry = shared('official');
    pending[1]?.resolve('row v1');
    expect(await retry).toBe('row v1');
    expect(calls).toHaveLength(2);
  });
});
