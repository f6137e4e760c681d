import { parse } from 'csv-parse/sync';
import type { Section } from './chunk.js';
import { KnowledgeParseError } from './parse-error.js';

export interface QaPair {
  question: string;
  answer: string;
}

const questionHeaders = new Set(['question', 'questions', 'q', '问题', '问', '問題', '問', '提问', '提問']);
const answerHeaders = new Set(['answer', 'answers', 'a', '答案', '答', '回答', '答复', '答覆']);

function headerKey(cell: string): string {
  return cell.normalize('NFKC').trim().toLowerCase();
}

/** The separator the first line uses most: comma, semicolon or tab. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.indexOf('\n') < 0 ? undefined : text.indexOf('\n'));
  const counts = [',', ';', '\t'].map((sep) => [sep, firstLine.split(sep).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/**
 * A CSV file: with question and answer columns (question/answer, q/a, 问题/答案, 问/答, any case)
 * each row is a Q&A pair; otherwise each row is a passage of "column: value" lines.
 */
export function parseCsv(text: string): { qa: QaPair[]; sections: Section[] } {
  let rows: string[][];
  try {
    rows = parse(text, {
      bom: true,
      delimiter: delimiterOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }) as string[][];
  } catch (error) {
    const where = (error as { lines?: number }).lines;
    throw new KnowledgeParseError({ code: 'csvUnreadable', params: where ? { line: where } : {} });
  }
  const [header, ...body] = rows;
  if (!header) return { qa: [], sections: [] };
  const keys = header.map(headerKey);
  const questionAt = keys.findIndex((key) => questionHeaders.has(key));
  const answerAt = keys.findIndex((key) => answerHeaders.has(key));
  if (questionAt >= 0 && answerAt >= 0) {
    const qa = body
      .map((row) => ({ question: (row[questionAt] ?? '').trim(), answer: (row[answerAt] ?? '').trim() }))
      .filter((pair) => pair.question && pair.answer);
    return { qa, sections: [] };
  }
  const names = header.map((cell) => cell.trim());
  const paragraphs = body
    .map((row) =>
      row
        .map((value, index) => [names[index] ?? '', value.trim()] as const)
        .filter(([, value]) => value)
        .map(([name, value]) => (name ? `${name}: ${value}` : value))
        .join('\n'),
    )
    .filter(Boolean);
  return { qa: [], sections: paragraphs.length > 0 ? [{ heading: null, page: null, paragraphs }] : [] };
}
