import { invalid, type RecordShape, type ShapeOf } from './stored-shape';

// Storage can throw (private mode, quota, disabled cookies); the app must keep working in memory.
function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readString(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes the value, or removes the key when the value is empty. Skips writes that change nothing. */
export function writeString(key: string, value: string): void {
  try {
    const target = storage();
    if (!target || target.getItem(key) === (value === '' ? null : value)) return;
    if (value === '') target.removeItem(key);
    else target.setItem(key, value);
  } catch {
    // A full or blocked storage only loses persistence, never the in-memory state.
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads a JSON record and merges it over the defaults, field by field: a field of the wrong
 * shape keeps its default, and bad JSON or a value that is not an object yields the defaults.
 */
export function readRecord<Shape extends RecordShape>(key: string, shape: Shape, defaults: ShapeOf<Shape>): ShapeOf<Shape> {
  const raw = readString(key);
  if (raw === null) return defaults;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return defaults;
  }
  if (!isPlainObject(stored)) return defaults;
  const merged: Record<string, unknown> = { ...defaults };
  for (const [field, read] of Object.entries(shape)) {
    if (!(field in stored)) continue;
    const value = read(stored[field]);
    if (value !== invalid) merged[field] = value;
  }
  return merged as ShapeOf<Shape>;
}

export function writeRecord(key: string, value: object): void {
  writeString(key, JSON.stringify(value));
}
