import { chatArchive, chatArchiveLimits, type ChatArchive } from '@parley/contracts';

/** A problem of a file, where it is (`chats.2.title`) and what is wrong. */
export interface ArchiveProblem {
  path: string;
  message: string;
}

export type ArchiveCheck =
  | { ok: true; archive: ChatArchive }
  | { ok: false; reason: 'tooLarge' | 'notJson' | 'wrongShape'; problems: ArchiveProblem[] };

/** Problems shown under a refused file; more would not help anyone fix it. */
export const problemsShown = 5;

/**
 * Checks a chat history file before anything is sent: its size, that it is JSON, and that it
 * has the shape of an export (the server checks again, and also for chats already there).
 */
export function checkArchiveFile(text: string | null): ArchiveCheck {
  if (text === null || new Blob([text]).size > chatArchiveLimits.maxBytes) return { ok: false, reason: 'tooLarge', problems: [] };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'notJson', problems: [] };
  }
  const parsed = chatArchive.safeParse(json);
  if (parsed.success) return { ok: true, archive: parsed.data };
  const problems = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  return { ok: false, reason: 'wrongShape', problems };
}

/** The problems of a refused import as the server lists them (`data` of VALIDATION or CONFLICT). */
export function serverProblems(data: unknown): ArchiveProblem[] {
  if (!Array.isArray(data)) return [];
  return data.filter(
    (entry): entry is ArchiveProblem => typeof entry === 'object' && entry !== null && typeof entry.path === 'string' && typeof entry.message === 'string',
  );
}

/** `parley-chats-2026-11-21.json`, in the user's local date. */
export function archiveFileName(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `parley-chats-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}
