import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export { qualityQuestions, type QualityQuestion } from './questions.js';

/** A passage of the shipped corpus: one `##` section of one document. */
export interface CorpusPassage {
  /** `file#heading`, as the quality questions name their answers. */
  key: string;
  file: string;
  heading: string;
  content: string;
  ordinal: number;
}

const corpusDir = fileURLToPath(new URL('.', import.meta.url));

/** The corpus documents (Markdown, English and Chinese) split into their `##` sections. */
export function loadCorpus(): CorpusPassage[] {
  const passages: CorpusPassage[] = [];
  for (const file of readdirSync(corpusDir).filter((name) => name.endsWith('.md')).sort()) {
    const text = readFileSync(`${corpusDir}/${file}`, 'utf8');
    const sections = text.split(/^## /m).slice(1);
    sections.forEach((section, ordinal) => {
      const newline = section.indexOf('\n');
      const heading = section.slice(0, newline).trim();
      passages.push({ key: `${file}#${heading}`, file, heading, content: section.slice(newline + 1).trim(), ordinal });
    });
  }
  return passages;
}
