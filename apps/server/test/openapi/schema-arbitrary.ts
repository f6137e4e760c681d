import fc from 'fast-check';

/** The part of OpenAPI 3.0 schemas that Parley's document uses for requests. */
export interface JsonSchema {
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';
  nullable?: boolean;
  enum?: unknown[];
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  not?: JsonSchema;
  minProperties?: number;
  /** Parley's extension: the field repeats another field of the same object (a password confirmation). */
  'x-same-as'?: string;
  /** Parley's extension: no two items of the list share this field. */
  'x-unique-by'?: string;
}

/** Values tests know to exist (ids of their own agents and chats), offered beside random ones. */
export interface KnownValues {
  uuids: string[];
  /** Web addresses the server may fetch in a test (tests never reach the internet). */
  urls: string[];
}

/** Long strings slow every request down and find nothing short ones would not: generated text stays short. */
const textCap = 24;

/**
 * Letters and digits of several scripts, punctuation and spaces, all in the Basic Multilingual
 * Plane (JSON Schema counts code points, the server UTF-16 units: the same for these) and never NUL.
 */
const textUnit = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...'abcxyzABCXYZ0123456789') },
  { weight: 2, arbitrary: fc.constantFrom(' ', '-', '_', '.', '/', ':', '?', '#', '%', '"', "'", '<', '>', '&', '\\', '\n', '\t') },
  { weight: 2, arbitrary: fc.constantFrom('价', '格', '点', '差', 'é', 'ß', 'Ж', 'й', '한', '국', 'ệ', 'ơ') },
);

function stringsMatchingAll(schema: JsonSchema, patterns: string[]): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? textCap, Math.max(textCap, minLength)));
  const regexes = patterns.map((pattern) => new RegExp(pattern, 'u'));
  const fits = (value: string) => value.length >= minLength && value.length <= (schema.maxLength ?? Infinity) && regexes.every((regex) => regex.test(value));
  const anchored = patterns.find((pattern) => pattern.startsWith('^') && pattern.endsWith('$'));
  const candidates: fc.Arbitrary<string>[] = [fc.string({ unit: textUnit, minLength, maxLength })];
  if (anchored) {
    try {
      candidates.unshift(fc.stringMatching(new RegExp(anchored)));
    } catch {
      // a pattern fast-check cannot generate from (Unicode classes): the text generator and the filter do it
    }
  }
  return fc.oneof(...candidates).filter(fits);
}

function stringArbitrary(schema: JsonSchema, known: KnownValues, patterns: string[]): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return known.uuids.length > 0 ? fc.oneof(fc.uuid(), fc.constantFrom(...known.uuids)) : fc.uuid();
  if (schema.format === 'date-time') {
    return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }).map((date) => date.toISOString());
  }
  if (schema.format === 'binary') return fc.string({ unit: textUnit, maxLength: 64 });
  if (schema.pattern?.startsWith('^[Hh][Tt][Tt][Pp][Ss]?://') && known.urls.length > 0) return fc.constantFrom(...known.urls);
  return stringsMatchingAll(schema, patterns);
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1_000_000;
  const max = schema.maximum ?? 1_000_000;
  if (schema.type === 'integer') return fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((value) => (Object.is(value, -0) ? 0 : value));
}

function objectArbitrary(schema: JsonSchema, known: KnownValues): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) shape[name] = arbitraryOf(property, known);
  const requiredKeys = Object.keys(properties).filter((name) => required.has(name));
  let objects = fc.record(shape, { requiredKeys });
  if (typeof schema.additionalProperties === 'object') {
    const extra = arbitraryOf(schema.additionalProperties, known);
    objects = fc.dictionary(fc.stringMatching(/^[a-z]{1,8}$/), extra, { maxKeys: 3 }) as typeof objects;
  }
  const minProperties = schema.minProperties ?? 0;
  const repeats = Object.entries(properties).flatMap(([name, property]) => (property['x-same-as'] ? [[name, property['x-same-as']] as const] : []));
  return objects
    .map((value) => {
      const copy = { ...value };
      for (const [name, original] of repeats) if (original in copy) copy[name] = copy[original];
      return copy;
    })
    .filter((value) => Object.keys(value).length >= minProperties && satisfiesCombinators(schema, value));
}

/** Whether an object holds every required field of `rule`, each of the values its `enum`s list. */
function holds(rule: JsonSchema, value: Record<string, unknown>): boolean {
  const present = (rule.required ?? []).every((name) => name in value);
  const listed = Object.entries(rule.properties ?? {}).every(([name, property]) => !(name in value) || !property.enum || property.enum.includes(value[name]));
  return present && listed;
}

/** `anyOf` and `not` beside an object's own keywords ("at least one of these fields", "not both"). */
function satisfiesCombinators(schema: JsonSchema, value: Record<string, unknown>): boolean {
  if (schema.anyOf && schema.type === 'object' && !schema.anyOf.some((rule) => holds(rule, value))) return false;
  if (schema.not && holds(schema.not, value)) return false;
  return true;
}

/** Values valid under `schema`, as a client reading the API document may send them. */
export function arbitraryOf(schema: JsonSchema, known: KnownValues): fc.Arbitrary<unknown> {
  const base = nonNullArbitrary(schema, known);
  return schema.nullable ? fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) }) : base;
}

function nonNullArbitrary(schema: JsonSchema, known: KnownValues): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum.filter((value) => value !== null || schema.nullable));
  if (schema.oneOf) return fc.oneof(...schema.oneOf.map((option) => arbitraryOf(option, known)));
  if (schema.anyOf && schema.type !== 'object') return fc.oneof(...schema.anyOf.map((option) => arbitraryOf(option, known)));
  if (schema.allOf) {
    // Parley's allOf are all strings with a pattern each: every pattern must match
    const patterns = schema.allOf.flatMap((part) => (part.pattern ? [part.pattern] : []));
    return stringArbitrary({ ...schema, ...Object.assign({}, ...schema.allOf), pattern: undefined }, known, patterns);
  }
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema, known, schema.pattern ? [schema.pattern] : []);
    case 'number':
    case 'integer':
      return numberArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const sizes = { minLength: schema.minItems ?? 0, maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)) };
      const key = schema['x-unique-by'];
      if (key) return fc.uniqueArray(arbitraryOf(schema.items ?? {}, known), { ...sizes, selector: (item) => (item as Record<string, unknown>)[key] });
      return fc.array(arbitraryOf(schema.items ?? {}, known), sizes);
    }
    case 'object':
      return objectArbitrary(schema, known);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
