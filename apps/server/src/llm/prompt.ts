import { defaultChatParams, defaultSystemMessage, type ChatParams } from '@parley/contracts';
import type { PromptMessage, RetrievedPassage } from './provider.js';
import { estimateMessageTokens } from './token-estimate.js';
import type { TokenCounter } from './token-count.js';

/** The settings' default (contracts settings.ts, spec section 9), used when a request carries none. */
export { defaultSystemMessage };

/** What of the app shapes the prompt. */
export interface PromptApp {
  isOfficial: boolean;
  systemPrompt: string;
  /** Null: the agent leaves it to the user's setting. */
  temperature: number | null;
  topP: number | null;
  /** strict: answer only from the sources; open: the sources first, general knowledge otherwise. */
  knowledgeMode: 'strict' | 'open';
}

/** An earlier message of the chat, oldest first. */
export interface ContextTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface PromptInput {
  app: PromptApp;
  params: ChatParams;
  knowledge: RetrievedPassage[];
  /** Earlier turns of the chat, oldest first; ignored when `usingContext` is off. */
  history: ContextTurn[];
  question: string;
  usingContext: boolean;
  /** The model's context window (prompt and answer). */
  contextTokens: number;
  maxOutputTokens: number;
  /** Counts as the model will; without one, the tokenizer-free estimate. */
  counter?: Pick<TokenCounter, 'message'>;
  /** Continue: the answer so far, cut at the output limit, which the model is asked to go on with. */
  continuation?: string;
}

export interface BuiltPrompt {
  messages: PromptMessage[];
  temperature: number;
  topP: number;
  /** Earlier turns left out to fit the budget. */
  droppedTurns: number;
  /** The whole prompt by the counter's count. */
  countedTokens: number;
  /** The prompt without earlier turns (system message with sources, and the question): no retry gets below it. */
  floorTokens: number;
}

/** What asks a model to go on with an answer it was cut off in (its part so far is the message before). */
export const continueInstruction =
  'Your previous answer was cut off at the length limit. Continue it exactly where it stopped, without repeating anything and without any preamble.';

/** Passages longer than this are cut in the prompt, so four sources never crowd out the question. */
const maxPassageChars = 1500;

/**
 * Agents speak with their own system prompt. The official assistant takes the user's system
 * message and adds its role text. Temperature and top_p: what the agent fixes, else the user's
 * setting, else the default (spec section 9); the official assistant fixes neither.
 */
export function systemAndSampling(app: PromptApp, params: ChatParams) {
  const sampling = {
    temperature: (app.isOfficial ? null : app.temperature) ?? params.temperature ?? defaultChatParams.temperature,
    topP: (app.isOfficial ? null : app.topP) ?? params.top_p ?? defaultChatParams.top_p,
  };
  const userSystem = params.systemMessage?.trim() || defaultSystemMessage;
  if (!app.isOfficial) return { system: app.systemPrompt.trim() || userSystem, ...sampling };
  const role = app.systemPrompt.trim();
  return { system: role ? `${userSystem}\n\n${role}` : userSystem, ...sampling };
}

function sourceLabel(passage: RetrievedPassage): string {
  const parts = [passage.fileName];
  if (passage.page !== null) parts.push(`p. ${passage.page}`);
  const title = passage.kind === 'qa' ? passage.question : passage.heading;
  return title ? `${parts.join(', ')} — ${title}` : parts.join(', ');
}

function clip(text: string, maxChars: number): string {
  return text.length <= maxChars ? text : `${text.slice(0, maxChars)}…`;
}

/** Retrieved passages as numbered sources, with the rule for citing them. */
export function knowledgeSection(passages: RetrievedPassage[], mode: PromptApp['knowledgeMode']): string {
  if (passages.length === 0) return '';
  const rule =
    mode === 'strict'
      ? 'Answer only from the sources below. If they do not contain the answer, say that you do not know; do not answer from general knowledge.'
      : 'Use the sources below when they are relevant. If they do not contain the answer, say so before answering from general knowledge.';
  const sources = passages.map((passage, index) => `[${index + 1}] ${sourceLabel(passage)}\n${clip(passage.content, maxPassageChars)}`);
  return [
    'Knowledge sources:',
    rule,
    'Cite the sources you use by their number in square brackets, like [1]. Never invent facts, figures, names or links that are not in the sources.',
    '',
    sources.join('\n\n'),
  ].join('\n');
}

/**
 * The longest run of most recent turns that fits `budgetTokens`: the oldest turns go first,
 * and an answer whose question was dropped goes with it.
 */
export function trimHistory(turns: ContextTurn[], budgetTokens: number, count: (message: PromptMessage) => number = estimateMessageTokens): ContextTurn[] {
  let used = 0;
  let start = turns.length;
  while (start > 0) {
    const cost = count(turns[start - 1] as ContextTurn);
    if (used + cost > budgetTokens) break;
    used += cost;
    start--;
  }
  while (start < turns.length && turns[start]?.role === 'assistant') start++;
  return turns.slice(start);
}

/**
 * The room kept for the answer inside the window: the output limit, but never more than a
 * quarter of a small window (a 1,024-token llama-server with a 2,048-token output limit still
 * carries earlier turns; the server itself stops the answer at its window).
 */
export function outputReserve(contextTokens: number, maxOutputTokens: number): number {
  return Math.min(maxOutputTokens, Math.floor(contextTokens / 4));
}

/** System message (with knowledge), the earlier turns that fit, then the question. */
export function buildPrompt(input: PromptInput): BuiltPrompt {
  const { system, temperature, topP } = systemAndSampling(input.app, input.params);
  const knowledge = knowledgeSection(input.knowledge, input.app.knowledgeMode);
  const systemMessage: PromptMessage = { role: 'system', content: knowledge ? `${system}\n\n${knowledge}` : system };
  const question: PromptMessage = { role: 'user', content: input.question };
  const continuation: PromptMessage[] =
    input.continuation === undefined ? [] : [{ role: 'assistant', content: input.continuation }, { role: 'user', content: continueInstruction }];

  const counter = input.counter;
  const count = counter ? (message: PromptMessage) => counter.message(message) : estimateMessageTokens;
  const floorTokens = [systemMessage, question, ...continuation].reduce((sum, message) => sum + count(message), 2);
  let history: ContextTurn[] = [];
  if (input.usingContext && input.history.length > 0) {
    const budget = input.contextTokens - outputReserve(input.contextTokens, input.maxOutputTokens) - floorTokens;
    history = trimHistory(input.history, Math.max(0, budget), count);
  }
  const turns = history.map(({ role, content }) => ({ role, content }));
  return {
    messages: [systemMessage, ...turns, question, ...continuation],
    temperature,
    topP,
    droppedTurns: input.usingContext ? input.history.length - history.length : 0,
    countedTokens: turns.reduce((sum, turn) => sum + count(turn), floorTokens),
    floorTokens,
  };
}

