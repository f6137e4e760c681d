/**
 * Where a newest-first page starts: strictly older than this (created_at, id). `createdAt` is
 * PostgreSQL's own text of the timestamp, to the microsecond: a JS Date keeps milliseconds, and
 * rows of the same millisecond would be skipped.
 */
export interface TimeIdCursor {
  createdAt: string;
  id: string;
}
