export interface ParsedEnvelope {
  code: number | null;
  msg: string;
  data: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asCode(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return Number(value);
  return null;
}

/** Reads `{code, msg, data}`, taking `errorCode` and `message` first when a server sends those. */
export function readEnvelope(body: unknown): ParsedEnvelope {
  if (!isRecord(body)) return { code: null, msg: '', data: body ?? null };
  const code = asCode(body.errorCode) ?? asCode(body.code);
  const text = body.message ?? body.msg;
  return { code, msg: typeof text === 'string' ? text : '', data: body.data ?? null };
}

export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
