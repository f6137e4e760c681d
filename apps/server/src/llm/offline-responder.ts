import { offlineModel } from '../config.js';
import { isMostlyCjk, isNumberTerm, searchTerms } from '../text/segment.js';
import { brokerAnswer } from './broker-answer.js';
import type { AssistantTopics, Provider, RetrievedPassage, StreamParams } from './provider.js';
import { streamPieces } from './text-pieces.js';
import { estimatePromptTokens, estimateTokens } from './token-estimate.js';

/** A Q&A entry whose question shares at least this much with the asked one (Dice over words) is the answer. */
export const qaMatchThreshold = 0.6;

/**
 * What counts as a match, on the scores retrieval gives (0 to 1), beyond the chat's own threshold
 * for using a passage at all. A Q&A entry answers when its question, with its other wordings,
 * holds at least `qaTitle` of the question's words (its `titleScore`). An entry that does not
 * answer was written for another question: it is quoted only when it holds at least `qaQuote` of
 * the question's words (its `score`). When nothing is left to quote, the assistant says what it
 * can help with instead. Chosen on the offline quality set (`npm run bench:offline` prints the sweep).
 */
export interface OfflineThresholds {
  qaTitle: number;
  qaQuote: number;
}
export const offlineThresholds: OfflineThresholds = { qaTitle: 0.25, qaQuote: 0.8 };
/** Passages quoted when no Q&A entry matches well enough. */
const maxQuotedPassages = 2;
const maxQuoteChars = 600;

type Language = 'zh' | 'en';

const greeting = {
  en: /^(hi|hello|hey|hiya|good (morning|afternoon|evening))( there)?$/,
  zh: /^(你好|您好|嗨|哈喽|哈囉|早上好|下午好|晚上好)(呀|啊|哇)?$/,
};

export function isGreeting(question: string): boolean {
  const bare = question
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .trim()
    .replace(/\s+/g, ' ');
  return greeting.en.test(bare) || greeting.zh.test(bare);
}

/**
 * How well a known question matches the asked one, by their meaningful words: Dice similarity
 * (1 for the same words), or null when it is no match. A short question whose words all appear
 * in a longer known one ("什么是点差" against "什么是点差？点和手又是什么？") also matches. A
 * number the known question lacks ("500" in "入金500美元多久到账") is left out, as in search.
 */
export function questionMatch(asked: string, known: string): number | null {
  const b = new Set(searchTerms(known));
  const a = new Set(searchTerms(asked).filter((word) => b.has(word) || !isNumberTerm(word)));
  if (a.size === 0 || b.size === 0) return null;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  const dice = (2 * shared) / (a.size + b.size);
  const contained = shared / a.size >= 0.75 && shared / b.size >= 0.3;
  return dice >= qaMatchThreshold || contained ? dice : null;
}

/**
 * The Q&A entry that answers `question`, if one matches: by its question (questionMatch), or by
 * its question and other wordings holding enough of the question's words (`titleScore` at least
 * `minTitleScore`). Of those that match, the strongest (the better of the two) wins; between
 * equals, the one whose own question is closer, then the first retrieved.
 */
export function bestQaMatch(
  question: string,
  knowledge: RetrievedPassage[],
  minTitleScore = offlineThresholds.qaTitle,
): RetrievedPassage | null {
  let best: RetrievedPassage | null = null;
  let bestStrength = -1;
  let bestCloseness = -1;
  for (const passage of knowledge) {
    if (passage.kind !== 'qa' || passage.question === null) continue;
    const closeness = questionMatch(question, passage.question);
    const title = passage.titleScore !== undefined && passage.titleScore >= minTitleScore ? passage.titleScore : null;
    if (closeness === null && title === null) continue;
    const strength = Math.max(closeness ?? 0, title ?? 0);
    if (strength > bestStrength || (strength === bestStrength && (closeness ?? 0) > bestCloseness)) {
      best = passage;
      bestStrength = strength;
      bestCloseness = closeness ?? 0;
    }
  }
  return best;
}

function sourceName(passage: RetrievedPassage): string {
  const title = passage.kind === 'qa' ? passage.question : passage.heading;
  const page = passage.page !== null ? `, p. ${passage.page}` : '';
  return title ? `${passage.fileName}${page} · ${title}` : `${passage.fileName}${page}`;
}

function quote(text: string): string {
  const clipped = text.length > maxQuoteChars ? `${text.slice(0, maxQuoteChars).trimEnd()}…` : text;
  return clipped
    .trim()
    .split('\n')
    .map((line) => `> ${line}`.trimEnd())
    .join('\n');
}

const texts = {
  greeting: {
    zh: (name: string, intro: string) =>
      `您好！我是${name}。${intro ? `${intro}\n\n` : ''}请直接输入您的问题，或点击下方的推荐问题。`,
    en: (name: string, intro: string) =>
      `Hello! I'm ${name}. ${intro || 'I answer questions from my knowledge base.'}\n\nAsk me a question, or pick one of the suggested questions.`,
  },
  passagesLead: {
    zh: '我在知识库中找到了以下与您的问题相关的内容：',
    en: 'Here is what I found in my knowledge base about your question:',
  },
  source: { zh: '来源', en: 'Source' },
  cannotAnswer: { zh: '抱歉，根据我现有的知识，我无法回答这个问题。', en: "Sorry, I can't answer that from what I know." },
  topicsLead: { zh: '我可以解答这些方面的问题：', en: 'I can help with:' },
  tryAgain: {
    zh: '您可以换个说法再问一次，或点击推荐问题。',
    en: 'Try rephrasing your question, or pick one of the suggested questions.',
  },
};

/**
 * "I can't answer that", with what the assistant can help with when it has topics. Written for
 * the visitor: how an operator connects a model is said in the server's log, not here.
 */
function noAnswer(language: Language, topics: AssistantTopics | undefined): string {
  const listed = topics?.[language] ?? [];
  if (listed.length === 0) return `${texts.cannotAnswer[language]}${language === 'zh' ? '' : ' '}${texts.tryAgain[language]}`;
  const list = listed.map((topic) => `- ${topic}`).join('\n');
  return [texts.cannotAnswer[language], `${texts.topicsLead[language]}\n\n${list}`, texts.tryAgain[language]].join('\n\n');
}

/**
 * The whole offline answer for a question, from the retrieved knowledge only, and the passages it
 * uses: a greeting; the broker tables' facts; the Q&A entry that matches; a ranking; the best
 * passages quoted, leaving out entries written for other questions unless they hold most of its
 * words; else "I can't answer that" with what the assistant can help with.
 */
export function planOfflineAnswer(
  params: Pick<StreamParams, 'question' | 'knowledge' | 'assistant'>,
  thresholds: OfflineThresholds = offlineThresholds,
): {
  text: string;
  sources: RetrievedPassage[];
} {
  const language: Language = isMostlyCjk(params.question) ? 'zh' : 'en';
  if (isGreeting(params.question)) {
    const name = params.assistant?.name || (language === 'zh' ? '智能助手' : 'your assistant');
    const intro = params.assistant?.intro.trim() ?? '';
    // an intro in the other language would answer "hello" in Chinese
    const introFits = intro !== '' && isMostlyCjk(intro) === (language === 'zh');
    return { text: texts.greeting[language](name, introFits ? intro : ''), sources: [] };
  }
  // the official assistant's facts from the broker tables: a named broker beats the FAQ, a
  // ranking list only answers what no FAQ entry does ("what do the ranking tabs mean" is FAQ)
  const brokers = params.knowledge.filter((passage) => passage.brokerData === 'broker');
  const comparison = params.knowledge.filter((passage) => passage.brokerData === 'comparison');
  // the table is made of the brokers' own facts: those are what the answer cites
  if (brokers.length > 0) return { text: brokerAnswer([...comparison, ...brokers], language), sources: brokers };
  const rankings = params.knowledge.filter((passage) => passage.brokerData === 'ranking');
  // a question asking for a ranking by name gets it, unless an entry's own question matches:
  // sharing words with an entry's other wordings is not enough to answer it
  const qa = bestQaMatch(params.question, params.knowledge, rankings.length > 0 ? Infinity : thresholds.qaTitle);
  if (qa) return { text: qa.content.trim(), sources: [qa] };
  if (rankings.length > 0) return { text: brokerAnswer(rankings, language), sources: rankings };
  // an entry whose question is another one is quoted only when it holds most of the question's words
  const quotable = params.knowledge.filter((passage) => passage.kind !== 'qa' || passage.score >= thresholds.qaQuote);
  if (quotable.length === 0) return { text: noAnswer(language, params.assistant?.topics), sources: [] };

  // passages in the question's language first; the ranking order holds within each language
  const inLanguage = (passage: RetrievedPassage) => isMostlyCjk(passage.question ?? passage.content) === (language === 'zh');
  const sources = [...quotable]
    .sort((a, b) => Number(inLanguage(b)) - Number(inLanguage(a)))
    .slice(0, maxQuotedPassages);
  const quoted = sources.map((passage) => {
    const body = passage.kind === 'qa' && passage.question ? `**${passage.question}**\n${passage.content}` : passage.content;
    return `${quote(body)}\n\n— ${texts.source[language]}: ${sourceName(passage)}`;
  });
  return { text: [texts.passagesLead[language], ...quoted].join('\n\n'), sources };
}

/**
 * The built-in responder used when no model service is configured: it answers from the
 * retrieved knowledge (a matching Q&A entry, else quoted passages with their sources when they
 * match well enough, else "I can't answer that" and what it can help with), streaming in small
 * pieces like a model does.
 */
export function createOfflineResponder({ delayMs }: { delayMs: number }): Provider {
  return {
    name: offlineModel,
    sourcesFor: (params) => planOfflineAnswer(params).sources,
    stream(messages, params, signal) {
      const answer = planOfflineAnswer(params).text;
      const usage = { promptTokens: estimatePromptTokens(messages), completionTokens: estimateTokens(answer) };
      return streamPieces(answer, usage, signal, delayMs);
    },
  };
}
