/** A message of a chat as the prompt reads it, with how it ended. */
export interface ContextRow {
  role: 'user' | 'assistant';
  content: string;
  status: 'done' | 'streaming' | 'stopped' | 'error';
}

export interface ContextTurn {
  role: 'user' | 'assistant';
  content: string;
}

/**
 * The turns a later prompt may carry, oldest first: each question with the answer it got.
 * A question whose answer failed (or never came) goes with that answer, so a failed turn,
 * often the one that overflowed the context, never weighs on the next question; a stopped
 * answer keeps what it wrote.
 */
export function answeredTurns(rows: readonly ContextRow[]): ContextTurn[] {
  const turns: ContextTurn[] = [];
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index] as ContextRow;
    if (row.role === 'assistant') continue;
    const answer = rows[index + 1];
    if (answer?.role !== 'assistant' || !usable(answer) || row.content === '') continue;
    turns.push({ role: 'user', content: row.content }, { role: 'assistant', content: answer.content });
    index++;
  }
  return turns;
}

function usable(answer: ContextRow): boolean {
  return (answer.status === 'done' || answer.status === 'stopped') && answer.content !== '';
}
