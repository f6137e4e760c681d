import { adPaths, chatPaths, headers, notificationPaths, siteConfigPath, type ChatHistoryItem, type HistoryPage, type SiteConfig } from '@parley/contracts';
import i18next from 'i18next';
import history from '../../../locales/en-US/history.json';
import { sortHistories } from '../lib/history-rules';
import { startLocalServer } from '../../../test/local-server';

const sidebarSiteConfig: SiteConfig = {
  regionGate: { primaryHost: '', ignoreCookie: 'ignore_ip', blockedCodes: [] },
  links: { platform: '', complaints: '', service: '', enterprise: '', oldVersion: '', download: '' },
  contact: { qq: '', mail: '' },
  brokerSite: { detailUrl: '', searchUrl: '' },
  dataCipher: { keyConstant: 'history test key', ivConstant: 'history test iv' },
};

export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
  userToken: string | undefined;
}

/** Test data: one history entry with sensible defaults. */
export function historyItem(chatId: string, overrides: Partial<ChatHistoryItem> = {}): ChatHistoryItem {
  return {
    chatId,
    appId: 'official-app',
    title: `Chat ${chatId}`,
    top: false,
    updateTime: '2025-01-01T00:00:00.000Z',
    appName: 'Parley',
    appAvatarUrl: null,
    appDeleted: false,
    ...overrides,
  };
}

/** Adds the history texts to the English bundles the component tests load. */
export function loadHistoryTexts(): void {
  i18next.addResourceBundle('en-US', 'history', history, true, true);
}

function page(list: ChatHistoryItem[], pageNum: number, pageSize: number): HistoryPage {
  const sorted = sortHistories(list);
  const from = (pageNum - 1) * pageSize;
  return { list: sorted.slice(from, from + pageSize), total: sorted.length, page: pageNum, pageSize, hasMore: from + pageSize < sorted.length };
}

/**
 * A small real HTTP server playing the history endpoints over an in-memory list, the way the
 * Parley server answers them: `{code, msg, data}` envelopes, pages with pinned chats first.
 */
export async function startHistoryApi() {
  const lists = { official: [] as ChatHistoryItem[], agents: [] as ChatHistoryItem[] };
  const seen: SeenRequest[] = [];
  const failing = new Set<string>();
  // The sidebar also asks for the unread message count of a logged-in user.
  const notifications = { unread: 0 };

  function answer(path: string, query: URLSearchParams, body: Record<string, unknown>): unknown {
    if (path === `/api${chatPaths.conversationList}`) {
      return page(lists.official, Number(query.get('page') ?? 1), Number(query.get('pageSize') ?? 20));
    }
    if (path === `/api${chatPaths.getHistories}`) {
      return page(lists.agents, Number(body.pageNum ?? 1), Number(body.pageSize ?? 5));
    }
    if (path === `/api${chatPaths.updateHistory}`) {
      let saved: ChatHistoryItem | undefined;
      for (const kind of ['official', 'agents'] as const) {
        lists[kind] = lists[kind].map((item) => {
          if (item.chatId !== body.chatId) return item;
          saved = {
            ...item,
            ...(typeof body.top === 'boolean' ? { top: body.top } : {}),
            ...(typeof body.title === 'string' ? { title: body.title } : {}),
          };
          return saved;
        });
      }
      return saved;
    }
    if (path === `/api${chatPaths.delHistory}`) {
      for (const kind of ['official', 'agents'] as const) lists[kind] = lists[kind].filter((item) => item.chatId !== query.get('chatId'));
      return null;
    }
    if (path === `/api${notificationPaths.unreadCount}`) return { count: notifications.unread };
    // the sidebar's links and promo: none configured
    if (path === siteConfigPath) return sidebarSiteConfig;
    if (path.endsWith(adPaths.home)) return null;
    throw new Error(`no route ${path}`);
  }

  const server = await startLocalServer((req, res, raw) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const userToken = req.headers[headers.userToken];
    seen.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, body, userToken: typeof userToken === 'string' ? userToken : undefined });
    res.setHeader('content-type', 'application/json');
    if (failing.has(url.pathname)) {
      res.writeHead(500).end(JSON.stringify({ code: 500, msg: 'Something broke', data: null }));
      return;
    }
    res.writeHead(200).end(JSON.stringify({ code: 0, msg: 'success', data: answer(url.pathname, url.searchParams, body) }));
  });

  return {
    url: server.url,
    lists,
    notifications,
    seen,
    /** Calls to these endpoint paths (without /api) answer 500 until `heal`. */
    fail: (path: string) => failing.add(`/api${path}`),
    heal: () => failing.clear(),
    reset() {
      lists.official = [];
      lists.agents = [];
      seen.length = 0;
      failing.clear();
      notifications.unread = 0;
    },
    close: server.close,
  };
}

export type HistoryApi = Awaited<ReturnType<typeof startHistoryApi>>;
