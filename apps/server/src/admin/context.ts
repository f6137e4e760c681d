import type { Config } from '../config.js';
import type { Database } from '../db/client.js';

/** What a command gets: the database, the settings, where to print, and files relative to the caller's directory. */
export interface AdminContext {
  db: Database;
  config: Config;
  out: (line: string) => void;
  readFile: (file: string) => Promise<string>;
  writeFile: (file: string, text: string) => Promise<void>;
}

/** A mistake in how a command was called or in what it was given: printed, exit code 1, nothing written. */
export class AdminError extends Error {
  override name = 'AdminError';
}

export type Command = (context: AdminContext, args: string[], flags: Record<string, string | boolean | undefined>) => Promise<void>;

export function requireArg(args: string[], index: number, what: string): string {
  const value = args[index];
  if (!value) throw new AdminError(`Missing ${what}.`);
  return value;
}

export function textFlag(flags: Record<string, string | boolean | undefined>, name: string, required: true): string;
export function textFlag(flags: Record<string, string | boolean | undefined>, name: string, required?: false): string | undefined;
export function textFlag(flags: Record<string, string | boolean | undefined>, name: string, required = false): string | undefined {
  const value = flags[name];
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (required) throw new AdminError(`Missing --${name}.`);
  return undefined;
}
