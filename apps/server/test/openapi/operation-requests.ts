import fc from 'fast-check';
import { arbitraryOf, type JsonSchema, type KnownValues } from './schema-arbitrary.js';

/** One operation of the published document, as the test reads it. */
export interface Operation {
  method: 'GET' | 'POST';
  path: string;
  parameters: { name: string; in: 'path' | 'query'; required?: boolean; schema: JsonSchema }[];
  body: { contentType: 'application/json' | 'multipart/form-data'; required: boolean; schema: JsonSchema } | null;
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

/** What a generated request holds before it is sent. */
export interface RequestParts {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Operation['parameters']; requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> }; responses: Operation['responses'] }>>;
}

/** Every operation of the document, in document order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const [contentType, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      return {
        method: method.toUpperCase() as Operation['method'],
        path,
        parameters: operation.parameters ?? [],
        body: contentType && media ? { contentType: contentType as 'application/json' | 'multipart/form-data', required: operation.requestBody?.required ?? false, schema: media.schema } : null,
        responses: operation.responses,
      };
    }),
  );
}

function paramsObject(operation: Operation, place: 'path' | 'query'): JsonSchema {
  const parameters = operation.parameters.filter((parameter) => parameter.in === place);
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema])),
    required: parameters.filter((parameter) => parameter.required || place === 'path').map((parameter) => parameter.name),
  };
}

/** Requests the document says are valid. */
export function validRequests(operation: Operation, known: KnownValues): fc.Arbitrary<RequestParts> {
  return fc.record({
    path: arbitraryOf(paramsObject(operation, 'path'), known) as fc.Arbitrary<Record<string, unknown>>,
    query: arbitraryOf(paramsObject(operation, 'query'), known) as fc.Arbitrary<Record<string, unknown>>,
    body: operation.body ? arbitraryOf(operation.body.schema, known) : fc.constant(undefined),
  });
}

/** A way to break one field against its schema, or null where the schema allows anything of that kind. */
function breakingValue(schema: JsonSchema): unknown[] {
  const values: unknown[] = [];
  if (schema.enum) values.push('not-one-of-them');
  switch (schema.type) {
    case 'string':
      values.push(schema.nullable ? 12345 : { not: 'text' });
      if (schema.maxLength !== undefined && !schema.format) values.push('x'.repeat(schema.maxLength + 1));
      if (schema.format === 'uuid') values.push('12345678-1234-1234-1234-1234567890zz');
      values.push(`a\u0000b`);
      break;
    case 'integer':
    case 'number':
      values.push('not a number');
      if (schema.maximum !== undefined) values.push(schema.maximum + 1);
      if (schema.minimum !== undefined) values.push(schema.minimum - 1);
      if (schema.type === 'integer') values.push(1.5);
      break;
    case 'boolean':
      values.push('maybe');
      break;
    case 'array':
      values.push('not a list');
      if (schema.maxItems !== undefined) values.push(Array.from({ length: schema.maxItems + 1 }, () => 'x'));
      break;
    case 'object':
      values.push('not an object');
      break;
  }
  return values;
}

/** Query strings carry text: a value is wrong there only if its text is. */
function breakingQueryValue(schema: JsonSchema): unknown[] {
  return breakingValue(schema).filter((value) => typeof value === 'string' || typeof value === 'number');
}

interface Breakage {
  place: 'path' | 'query' | 'body';
  field: string | null;
  value: unknown;
  /** Drop the field instead of setting it. */
  drop: boolean;
}

/** Each way the document says a request of this operation is invalid, one field at a time. */
export function breakages(operation: Operation): Breakage[] {
  const found: Breakage[] = [];
  for (const parameter of operation.parameters) {
    const values = parameter.in === 'query' ? breakingQueryValue(parameter.schema) : breakingValue(parameter.schema).filter((value) => typeof value === 'string');
    for (const value of values) found.push({ place: parameter.in, field: parameter.name, value, drop: false });
    if (parameter.required && parameter.in === 'query') found.push({ place: 'query', field: parameter.name, value: undefined, drop: true });
  }
  const body = operation.body;
  if (body?.contentType === 'application/json') {
    const schema = body.schema;
    if (body.required) found.push({ place: 'body', field: null, value: ['not', 'an', 'object'], drop: false });
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      for (const value of breakingValue(property)) found.push({ place: 'body', field: name, value, drop: false });
      if (schema.required?.includes(name)) found.push({ place: 'body', field: name, value: undefined, drop: true });
    }
  }
  return found;
}

/** A valid request with one field broken as `breakage` says. */
export function broken(request: RequestParts, breakage: Breakage): RequestParts {
  if (breakage.field === null) return { ...request, body: breakage.value };
  const target = { ...((breakage.place === 'body' ? request.body : request[breakage.place]) as Record<string, unknown>) };
  if (breakage.drop) delete target[breakage.field];
  else target[breakage.field] = breakage.value;
  return breakage.place === 'body' ? { ...request, body: target } : { ...request, [breakage.place]: target };
}
