/**
 * The shapes of the spec's localStorage records, field by field. A reader returns the stored
 * value when it has the expected shape (objects keep only their known fields, unless loose),
 * else `invalid`. These few checks are all a stored record needs, and they keep zod out of
 * the app's start: every store is read before the first screen.
 */
export const invalid = Symbol('invalid');

export type FieldReader<T> = (value: unknown) => T | typeof invalid;
export type RecordShape = Record<string, FieldReader<unknown>>;
export type ShapeOf<Shape extends RecordShape> = { [Key in keyof Shape]: Shape[Key] extends FieldReader<infer T> ? T : never };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readObject<Shape extends RecordShape>(shape: Shape, value: unknown, loose: boolean): ShapeOf<Shape> | typeof invalid {
  if (!isPlainObject(value)) return invalid;
  const result: Record<string, unknown> = loose ? { ...value } : {};
  for (const [field, read] of Object.entries(shape)) {
    const fieldValue = read(value[field]);
    if (fieldValue === invalid) return invalid;
    result[field] = fieldValue;
  }
  return result as ShapeOf<Shape>;
}

export const stored = {
  string: (): FieldReader<string> => (value) => (typeof value === 'string' ? value : invalid),
  boolean: (): FieldReader<boolean> => (value) => (typeof value === 'boolean' ? value : invalid),
  /** A finite number, within the bounds when given. */
  number:
    ({ min = -Infinity, max = Infinity }: { min?: number; max?: number } = {}): FieldReader<number> =>
    (value) =>
      typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? value : invalid,
  oneOf:
    <const Value extends string>(values: readonly Value[]): FieldReader<Value> =>
    (value) =>
      (values as readonly unknown[]).includes(value) ? (value as Value) : invalid,
  nullable:
    <T>(read: FieldReader<T>): FieldReader<T | null> =>
    (value) =>
      value === null ? null : read(value),
  either:
    <A, B>(first: FieldReader<A>, second: FieldReader<B>): FieldReader<A | B> =>
    (value) => {
      const read = first(value);
      return read === invalid ? second(value) : read;
    },
  /** An array whose items all have the shape. */
  array:
    <T>(read: FieldReader<T>): FieldReader<T[]> =>
    (value) => {
      if (!Array.isArray(value)) return invalid;
      const items: T[] = [];
      for (const item of value) {
        const readItem = read(item);
        if (readItem === invalid) return invalid;
        items.push(readItem);
      }
      return items;
    },
  /** An object with these fields; others are dropped. */
  object:
    <Shape extends RecordShape>(shape: Shape): FieldReader<ShapeOf<Shape>> =>
    (value) =>
      readObject(shape, value, false),
  /** An object with these fields; others are kept as they are. */
  looseObject:
    <Shape extends RecordShape>(shape: Shape): FieldReader<ShapeOf<Shape> & Record<string, unknown>> =>
    (value) =>
      readObject(shape, value, true),
};
