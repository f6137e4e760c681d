import type { KnownKnowledgeProblem } from '@parley/contracts';
import { problemText } from './problems.js';

/** A file that cannot be indexed: its problem as a code (translated on the upload screen) and in English. */
export class KnowledgeParseError extends Error {
  override name = 'KnowledgeParseError';

  constructor(readonly problem: KnownKnowledgeProblem) {
    super(problemText(problem));
  }
}
