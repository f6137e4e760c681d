import type { RouteOptions } from 'fastify';
import { createJsonSchemaTransform, type jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelope } from '@parley/contracts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The multipart form a route reads part by part (it has no `body` schema to validate): the
     * document publishes it as the route's multipart/form-data request body.
     */
    multipartForm?: z.ZodType;
  }
}

/** Marks a response that carries no body (e.g. 304): the document shows none. */
const noBodyMeta = 'x-no-body';

/** A response without a body, such as 304 Not Modified. */
export function noBody(description: string) {
  return z.null().describe(description).meta({ [noBodyMeta]: true });
}

/** Marks a contract field whose allowed values are the configured models (`LLM_MODELS`; contracts agents.ts, chats.ts). */
const configuredModelsMeta = 'x-configured-models';

type JsonSchema = Record<string, unknown>;
type Transformed = ReturnType<typeof jsonSchemaTransform>;
type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route: RouteOptions };

const errorSchema = z.toJSONSchema(errorEnvelope, { target: 'openapi-3.0' });

/** Whether a zod string trims its input: ' a ' becomes 'a' before any other check. */
function trims(zodSchema: unknown): boolean {
  const def = (zodSchema as { _zod?: { def?: { type?: string; checks?: { _zod: { def: { check: string; tx?: (value: string) => string } } }[] } } })._zod?.def;
  if (def?.type !== 'string') return false;
  return (def.checks ?? []).some(({ _zod: { def: check } }) => check.check === 'overwrite' && check.tx?.(' a ') === 'a');
}

/**
 * The zod transform, told what its JSON Schema leaves out: a trimmed string that must not be
 * empty must hold something besides spaces (published as the pattern `\S`).
 */
const zodTransform = createJsonSchemaTransform({
  zodToJsonConfig: {
    override: ({ zodSchema, jsonSchema }) => {
      if (trims(zodSchema) && (jsonSchema.minLength ?? 0) >= 1 && jsonSchema.pattern === undefined) jsonSchema.pattern = '\\S';
    },
  },
});

/** OpenAPI 3.0.3: a nullable enum accepts null only if its list holds null; zod leaves it out. */
function withNullInNullableEnums(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNullInNullableEnums);
  if (typeof schema !== 'object' || schema === null) return schema;
  const node = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, withNullInNullableEnums(value)])) as JsonSchema;
  if (node.nullable === true && Array.isArray(node.enum) && !node.enum.includes(null)) node.enum = [...node.enum, null];
  return node;
}

/** What each documented refusal means; every one is the error envelope. */
const statusMeanings: Record<number, string> = {
  400: 'The request does not match this document (or a rule it cannot express); `data` names the fields',
  401: 'No valid user or visitor token',
  403: 'Not allowed: the access password, a login or an operator is needed, or it belongs to someone else',
  413: 'The request body is larger than allowed',
  415: 'The request body is not of a content type this operation takes',
  429: 'Too many requests; `retry-after` says when to try again',
  503: 'Shutting down or the database is unavailable; try again shortly',
};

/** Replaces each field marked with configuredModelsMeta by the enum of the models this server offers. */
function withConfiguredModels(schema: unknown, models: readonly string[]): unknown {
  if (Array.isArray(schema)) return schema.map((entry) => withConfiguredModels(entry, models));
  if (typeof schema !== 'object' || schema === null) return schema;
  const node = schema as JsonSchema;
  if (node[configuredModelsMeta]) {
    const { [configuredModelsMeta]: _marker, minLength: _min, maxLength: _max, ...rest } = node;
    // with no model service, only null (the default model) is accepted
    return { ...rest, type: 'string', nullable: true, enum: [...models, null] };
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withConfiguredModels(value, models)]));
}

/** The refusals a route can answer with, from what it takes and how it is guarded. */
function refusalsOf(route: RouteOptions, url: string, hasInput: boolean, hasBody: boolean): number[] {
  const statuses: number[] = [];
  if (hasInput) statuses.push(400);
  if (url.startsWith('/api/') || url === '/config') statuses.push(401, 403);
  if (hasBody) statuses.push(413, 415);
  if (route.config?.rateLimit || url === '/verify') statuses.push(429);
  statuses.push(503);
  return statuses;
}

/**
 * The OpenAPI of one route: the zod transform, plus what the zod schemas cannot carry — the
 * multipart form of upload routes, the configured models, and each refusal status the route
 * can answer with (the `4XX`/`5XX` ranges stay for the rest).
 */
export function openapiRouteTransform({ models }: { models: readonly string[] }) {
  return (input: TransformInput): Transformed => {
    const result = zodTransform(input);
    const schema = result.schema as JsonSchema & { response?: Record<string, unknown>; hide?: boolean };
    if (schema.hide) return result;
    const form = input.route.config?.multipartForm;
    if (form) {
      schema.body = z.toJSONSchema(form, { target: 'openapi-3.0', io: 'input' });
      schema.consumes = ['multipart/form-data'];
    }
    for (const part of ['body', 'querystring', 'params'] as const) {
      if (schema[part]) schema[part] = withNullInNullableEnums(withConfiguredModels(schema[part], models));
    }
    if (schema.response) schema.response = withNullInNullableEnums(schema.response) as Record<string, unknown>;
    const hasBody = schema.body !== undefined;
    const hasInput = hasBody || schema.querystring !== undefined || schema.params !== undefined;
    if (schema.response) {
      for (const [status, response] of Object.entries(schema.response)) {
        const node = response as JsonSchema;
        if (node[noBodyMeta]) schema.response[status] = { type: 'null', description: node.description };
      }
      for (const status of refusalsOf(input.route, input.url, hasInput, hasBody)) {
        schema.response[status] ??= { description: statusMeanings[status], ...errorSchema };
      }
    }
    return result;
  };
}
