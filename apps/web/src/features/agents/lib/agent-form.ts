import { agentLimits, contentBlockedData, type AgentDetail, type AgentInput, type AgentVisibility, type AgentCategory } from '@parley/contracts';
import { z } from 'zod/mini';

/** The editor's fields, each always present (the form's own shape of `AgentInput`). */
export interface AgentFormValues {
  name: string;
  intro: string;
  avatarUrl: string | null;
  category: AgentCategory;
  systemPrompt: string;
  model: string | null;
  /** Off: the agent fixes neither temperature nor top_p; each user's own settings apply. */
  fixSampling: boolean;
  temperature: number;
  top_p: number;
  openingMessage: string;
  suggestedQuestions: string[];
  visibility: AgentVisibility;
  /** strict: answers only from the agent's knowledge; open: general knowledge too. */
  knowledgeMode: 'strict' | 'open';
}

export function emptyAgentForm(): AgentFormValues {
  return {
    name: '',
    intro: '',
    avatarUrl: null,
    category: 'general',
    systemPrompt: '',
    model: null,
    fixSampling: false,
    temperature: agentLimits.temperature.default,
    top_p: agentLimits.top_p.default,
    openingMessage: '',
    suggestedQuestions: [],
    visibility: 'private',
    knowledgeMode: 'open',
  };
}

export function formOfAgent(agent: AgentDetail): AgentFormValues {
  const { name, intro, avatarUrl, category, systemPrompt, model, temperature, top_p, openingMessage, suggestedQuestions, visibility, knowledgeMode } = agent;
  return {
    name,
    intro,
    avatarUrl,
    category,
    systemPrompt,
    model,
    fixSampling: temperature !== null || top_p !== null,
    temperature: temperature ?? agentLimits.temperature.default,
    top_p: top_p ?? agentLimits.top_p.default,
    openingMessage,
    suggestedQuestions: [...suggestedQuestions],
    visibility,
    knowledgeMode,
  };
}

/** What is sent: texts trimmed, blank suggested questions left out. */
export function inputOfForm({ fixSampling, ...values }: AgentFormValues): AgentInput {
  return {
    ...values,
    temperature: fixSampling ? values.temperature : null,
    top_p: fixSampling ? values.top_p : null,
    name: values.name.trim(),
    intro: values.intro.trim(),
    systemPrompt: values.systemPrompt.trim(),
    openingMessage: values.openingMessage.trim(),
    suggestedQuestions: values.suggestedQuestions.map((question) => question.trim()).filter((question) => question !== ''),
  };
}

/** Two forms hold the same agent (the unsaved-changes check). */
export function sameForm(a: AgentFormValues, b: AgentFormValues): boolean {
  return JSON.stringify(inputOfForm(a)) === JSON.stringify(inputOfForm(b));
}

/** A field the server refused: antd's name path (`suggestedQuestions.2` → ['suggestedQuestions', 2]) and why. */
export interface FieldProblem {
  name: (string | number)[];
  message: string;
  /** Set for content-check refusals: which check, and the keyword-list word found. */
  source?: 'keywords' | 'moderation';
  word?: string;
}

const validationData = z.array(z.object({ path: z.string(), message: z.string() }));

function namePath(path: string): (string | number)[] {
  return path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** The per-field problems of a VALIDATION or CONTENT_BLOCKED answer (its `data`); none for anything else. */
export function fieldProblems(data: unknown): FieldProblem[] {
  const blocked = contentBlockedData.safeParse(data);
  const list = blocked.success ? blocked.data : (validationData.safeParse(data).data ?? []);
  return list
    .filter((problem) => problem.path !== '')
    .map(({ path, ...rest }) => ({ ...rest, name: namePath(path) }));
}
