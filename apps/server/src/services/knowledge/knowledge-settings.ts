/**
 * Retrieval settings shared by the chat and the owner's retrieval test, so the test shows
 * exactly the passages the chat would use.
 */

/** A passage scoring below this (0 to 1) is not used to answer. */
export const minKnowledgeScore = 0.5;
