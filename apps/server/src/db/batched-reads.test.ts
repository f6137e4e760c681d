import { describe, expect, it } from 'vitest';
import { batchedReads } from './batched-reads.js';

/** A table of rows by key whose reads are recorded, one entry per statement. */
function table(rows: Record<string, string>) {
  const statements: string[][] = [];
  const readAll = async (keys: readonly string[]) => {
    statements.push([...keys]);
    return new Map(keys.flatMap((key) => (key in rows ? [[key, rows[key] as string] as const] : [])));
  };
  return { rows, statements, readAll };
}

describe('batched reads', () => {
  it('send the reads asked for in one turn of the event loop as one statement, each caller getting its own row', async () => {
    const { statements, readAll } = table({ a: 'row a', b: 'row b' });
    const read = batchedReads(readAll);
    expect(await Promise.all([read('a'), read('b'), read('missing')])).toEqual(['row a', 'row b', undefined]);
    expect(statements).toEqual([['a', 'b', 'missing']]);
  });

  it('read together for requests handled in one turn, even when each began in a callback of its own', async () => {
    const { statements, readAll } = table({ a: 'row a', b: 'row b' });
    const read = batchedReads(readAll);
    // two requests whose handlers run in separate I/O callbacks of one poll phase
    const [first, second] = await new Promise<Promise<string | undefined>[]>((resolve) => {
      const reads: Promise<string | undefined>[] = [];
      setImmediate(() => reads.push(read('a')));
      setImmediate(() => {
        reads.push(read('b'));
        resolve(reads);
      });
    });
    expect(await Promise.all([first, second])).toEqual(['row a', 'row b']);
    expect(statements).toEqual([['a', 'b']]);
  });

  it('keep nothing: a read after a change sees the change', async () => {
    const { rows, statements, readAll } = table({ a: 'row a' });
    const read = batchedReads(readAll);
    expect(await read('a')).toBe('row a');
    rows.a = 'row a, revoked';
    expect(await read('a')).toBe('row a, revoked');
    expect(statements).toHaveLength(2);
  });

  it('fail every read of a statement that failed, and read again afterwards', async () => {
    let failing = true;
    const read = batchedReads(async (keys: readonly string[]) => {
      if (failing) throw new Error('database unavailable');
      return new Map(keys.map((key) => [key, `row ${key}`]));
    });
    await expect(Promise.all([read('a'), read('b')])).rejects.toThrow('database unavailable');
    failing = false;
    expect(await read('a')).toBe('row a');
  });
});
