import {
  agentLimits,
  agentPaths,
  agentSharePaths,
  createAgentRequest,
  errorCodes,
  imagePaths,
  updateAgentRequest,
  type AgentCard,
  type AgentDetail,
  type SharedAgent,
} from '@parley/contracts';
import i18next from 'i18next';
import agents from '../../../locales/en-US/agents.json';
import history from '../../../locales/en-US/history.json';
import share from '../../../locales/en-US/share.json';
import { sseFrame, startLocalServer } from '../../../test/local-server';

/** Adds the agents (and copy toast) texts to the English bundles the component tests load. */
export function loadAgentTexts(): void {
  i18next.addResourceBundle('en-US', 'agents', agents, true, true);
  i18next.addResourceBundle('en-US', 'share', share, true, true);
  i18next.addResourceBundle('en-US', 'history', history, true, true);
}

const figures = { conversations: 0, users: 0, good: 0, bad: 0, likeRatio: null };

/** Test data: one agent as "my agents" and the editor see it. */
export function agentDetail(id: string, overrides: Partial<AgentDetail> = {}): AgentDetail {
  return {
    id,
    name: `Agent ${id.slice(0, 4)}`,
    intro: 'Explains forex terms',
    avatarUrl: null,
    category: 'forex',
    systemPrompt: 'You are a tutor.',
    model: null,
    temperature: 0.8,
    top_p: 1,
    openingMessage: '',
    suggestedQuestions: [],
    visibility: 'private',
    knowledgeMode: 'open',
    hidden: false,
    hiddenReason: null,
    shareNum: null,
    figures,
    publishedAt: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Test data: one discover card. */
export function agentCard(id: string, overrides: Partial<AgentCard> = {}): AgentCard {
  return { id, name: `Agent ${id}`, intro: 'Helps with things', avatarUrl: null, category: 'general', creatorName: 'ada', figures, publishedAt: null, ...overrides };
}

export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
}

type Failure = { status: number; code: number; msg: string; data?: unknown };

/**
 * A small real HTTP server playing the agent endpoints the way the Parley server answers them:
 * `{code, msg, data}` envelopes, the contract's validation, cursor pages for discover and the
 * preview as server-sent events.
 */
export async function startAgentsApi() {
  const state = {
    cards: [] as AgentCard[],
    mine: [] as AgentDetail[],
    /** The next answer of a path is this failure instead. */
    failing: new Map<string, Failure>(),
    preview: ['Hello ', 'from the draft.'],
    seen: [] as SeenRequest[],
  };
  let created = 0;

  function validationFailure(issues: { path: PropertyKey[]; message: string }[]): Failure {
    return { ...errorCodes.VALIDATION, data: issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })) };
  }

  function answer(path: string, query: URLSearchParams, body: Record<string, unknown>): unknown {
    switch (path) {
      case `/api${agentPaths.discover}`: {
        const q = query.get('q') ?? '';
        const category = query.get('category');
        const found = state.cards.filter((card) => (!q || card.name.includes(q) || card.intro.includes(q)) && (!category || card.category === category));
        const from = Number(query.get('cursor') ?? 0);
        const size = Number(query.get('pageSize') ?? agentLimits.discoverPageSize);
        const end = from + size;
        return { list: found.slice(from, end), nextCursor: end < found.length ? String(end) : null };
      }
      case `/api${agentPaths.mine}`:
        return { list: state.mine };
      case `/api${agentPaths.models}`:
        return { models: ['gpt-4o-mini', 'gpt-4o'], defaultModel: 'gpt-4o-mini', offline: false };
      case `/api${agentPaths.avatars}`:
        return { list: [{ key: 'bot', url: '/files/avatars/bot.svg' }, { key: 'coin', url: '/files/avatars/coin.svg' }] };
      case `/api${agentPaths.detail}`: {
        const found = state.mine.find((agent) => agent.id === query.get('id'));
        if (!found) throw errorCodes.NOT_FOUND;
        return found;
      }
      case `/api${agentPaths.create}`:
      case `/api${agentPaths.update}`: {
        const schema = path.endsWith('create') ? createAgentRequest : updateAgentRequest;
        const parsed = schema.safeParse(body);
        if (!parsed.success) throw validationFailure(parsed.error.issues);
        created += 1;
        const id = 'id' in parsed.data && typeof parsed.data.id === 'string' ? parsed.data.id : `00000000-0000-4000-8000-${String(created).padStart(12, '0')}`;
        const saved = agentDetail(id, { ...parsed.data, id });
        state.mine = [saved, ...state.mine.filter((agent) => agent.id !== id)];
        return saved;
      }
      case `/api${agentPaths.delete}`:
        state.mine = state.mine.filter((agent) => agent.id !== body.id);
        return null;
      case `/api${agentSharePaths.shareNum}`: {
        const found = state.mine.find((agent) => agent.id === query.get('id'));
        if (found?.visibility === 'private') throw errorCodes.AGENT_PRIVATE;
        return { shareNum: 'AbCdEfGh12345678', path: '/share/AbCdEfGh12345678' };
      }
      case `/api${agentSharePaths.byShareNum}`: {
        const shared: SharedAgent | undefined = state.cards
          .map((card) => ({ ...card, appId: card.id, shareNum: query.get('shareNum'), openingMessage: 'Welcome!', suggestedQuestions: ['What is a pip?'] }))
          .at(0);
        if (!shared) throw errorCodes.NOT_FOUND;
        return shared;
      }
      case `/api${imagePaths.upload}`:
        return { id: '11111111-1111-4111-8111-111111111111', url: '/files/images/11111111-1111-4111-8111-111111111111', width: 256, height: 256 };
      default:
        throw new Error(`no route ${path}`);
    }
  }

  const server = await startLocalServer((req, res, raw) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname.replace('/api/visitor/', '/api/');
    const isJson = (req.headers['content-type'] ?? '').startsWith('application/json');
    const body = isJson && raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    state.seen.push({ method: req.method ?? '', path, query: url.searchParams, body });
    const failure = state.failing.get(path);
    if (failure) {
      state.failing.delete(path);
      res.writeHead(failure.status, { 'content-type': 'application/json' }).end(JSON.stringify({ code: failure.code, msg: failure.msg, data: failure.data ?? null }));
      return;
    }
    if (path === `/api${agentPaths.preview}`) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(sseFrame('start', { chatId: '', questionId: 'q', answerId: 'a', model: 'gpt-4o-mini', title: '' }));
      for (const text of state.preview) res.write(sseFrame('delta', { text }));
      res.end(sseFrame('done', { answerId: 'a', status: 'done' }));
      return;
    }
    try {
      const data = answer(path, url.searchParams, body);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 0, msg: 'success', data }));
    } catch (error) {
      const failure = error as Failure;
      if (typeof failure.status !== 'number') throw error;
      res.writeHead(failure.status, { 'content-type': 'application/json' }).end(JSON.stringify({ code: failure.code, msg: failure.msg, data: failure.data ?? null }));
    }
  });
  return { ...server, state };
}

export type AgentsApi = Awaited<ReturnType<typeof startAgentsApi>>;
