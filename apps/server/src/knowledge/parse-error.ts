/** A file that cannot be indexed, with the reason in words its owner can act on (shown on the upload screen). */
export class KnowledgeParseError extends Error {
  override name = 'KnowledgeParseError';
}
