/** Statements kept per database (a transaction is a database too, but one that is soon gone). */
const kept = new WeakMap<object, Map<string, unknown>>();

/**
 * A statement built once per database and reused: for the queries every question runs, drizzle's
 * query building costs about as much CPU as the round trip itself. `build` must give the same
 * SQL every time (values come in through placeholders), since `name` stands for it; on
 * PostgreSQL the statement is also prepared once per connection under that name.
 */
export function preparedOnce<T>(db: object, name: string, build: () => T): T {
  let statements = kept.get(db);
  if (!statements) kept.set(db, (statements = new Map()));
  if (!statements.has(name)) statements.set(name, build());
  return statements.get(name) as T;
}
