import { isMostlyCjk, searchTerms } from '../text/segment.js';
import { isGreeting } from './offline-responder.js';

/**
 * A question that asks for information a source should back: not a greeting, and with at least
 * one meaningful word. Only these count as unanswered or get the strict refusal.
 */
export function asksForFacts(question: string): boolean {
  return !isGreeting(question) && searchTerms(question).length > 0;
}

const replies = {
  zh: '抱歉，我的知识库里没有找到能可靠回答这个问题的资料，所以我不做猜测。您可以换个说法再问，或请这个智能体的创建者补充相关资料。',
  en: "Sorry, I have no reliable source in my knowledge base for this question, so I won't guess. Try rephrasing it, or ask this agent's creator to add the information.",
};

/** What a strict agent says, in the question's language, when no passage reaches the threshold. */
export function noSourceReply(question: string): string {
  return replies[isMostlyCjk(question) ? 'zh' : 'en'];
}
