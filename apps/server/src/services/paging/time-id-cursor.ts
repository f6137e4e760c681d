import type { TimeIdCursor } from '../../db/repos/time-id-cursor.js';
import { AppError } from '../../platform/app-error.js';

/** A page link: the last row's (created_at text, id), opaque to the client. */
export function encodeCursor(row: { cursorAt: string; id: string }): string {
  return Buffer.from(`${row.cursorAt}|${row.id}`).toString('base64url');
}

/** PostgreSQL's text of a timestamptz, as the repos hand it out: 2026-11-21 22:05:23.123456+00. */
const storedTimestamp = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)$/;

export function decodeCursor(cursor: string): TimeIdCursor {
  const [createdAt = '', id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || !storedTimestamp.test(createdAt) || Number.isNaN(Date.parse(createdAt.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')))) {
    throw new AppError('VALIDATION', 'cursor: This page link is not valid, reload the list', [
      { path: 'cursor', message: 'This page link is not valid, reload the list' },
    ]);
  }
  return { createdAt, id };
}
