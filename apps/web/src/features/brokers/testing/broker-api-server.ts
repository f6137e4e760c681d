import { adPaths, brokerPaths, siteConfigPath, type Ad, type DealerSearchItem, type RankingItem, type SiteConfig } from '@parley/contracts';
import { createDataCipher } from '../../../../../server/src/services/brokers/data-cipher';
import { startLocalServer } from '../../../test/local-server';

export const testSiteConfig: SiteConfig = {
  regionGate: { primaryHost: '', ignoreCookie: 'ignore_ip', blockedCodes: ['CN'] },
  links: { platform: '', complaints: '', service: '', enterprise: '', oldVersion: '', download: '' },
  contact: { qq: '', mail: '' },
  brokerSite: { detailUrl: 'https://brokers.example.com/dealer/{id}', searchUrl: 'https://brokers.example.com/search?kw={kw}' },
  dataCipher: { keyConstant: 'web test key', ivConstant: 'web test iv' },
};

export function rankingItem(rank: number, prefix = 'Broker'): RankingItem {
  return { id: `b-${prefix}-${rank}`, rank, title: `${prefix} ${rank}`, img: null, licenseNum: rank, serverNum: 2, currencyNum: 3, isDemo: false };
}

/**
 * A real HTTP server answering the right panel's calls the way the Parley server does, with
 * `data` scrambled by the server's own cipher code: rankings per category, search, ads.
 */
export async function startBrokerApi() {
  const cipher = createDataCipher(testSiteConfig.dataCipher);
  const state = {
    rankings: new Map<number, RankingItem[]>(),
    dealers: [] as DealerSearchItem[],
    ads: new Map<number, Ad>(),
    siteConfig: testSiteConfig,
    failing: new Set<string>(),
    seen: [] as URL[],
  };

  function answer(url: URL): unknown {
    const path = url.pathname.replace('/api/visitor', '/api');
    if (path === siteConfigPath) return state.siteConfig;
    if (path === `/api${brokerPaths.rankings}`) {
      const list = state.rankings.get(Number(url.searchParams.get('category'))) ?? [];
      const page = Number(url.searchParams.get('page'));
      return cipher.encrypt({ list: list.slice((page - 1) * 10, page * 10), totalPages: Math.ceil(list.length / 10), asOf: list.length ? '2026-11-01' : null });
    }
    if (path === `/api${brokerPaths.search}`) {
      const kw = (url.searchParams.get('kw') ?? '').toLowerCase();
      return cipher.encrypt(state.dealers.filter((dealer) => dealer.title.toLowerCase().includes(kw)));
    }
    if (path === `/api${adPaths.home}`) return state.ads.get(Number(url.searchParams.get('type'))) ?? null;
    throw new Error(`no route ${path}`);
  }

  const server = await startLocalServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    state.seen.push(url);
    res.setHeader('content-type', 'application/json');
    if (state.failing.has(url.pathname.replace('/api/visitor', '/api'))) {
      res.writeHead(500).end(JSON.stringify({ code: 500, msg: 'Something broke', data: null }));
      return;
    }
    res.writeHead(200).end(JSON.stringify({ code: 0, msg: 'success', data: answer(url) }));
  });

  return {
    url: server.url,
    state,
    close: server.close,
    /** Requests to a path (relative to /api, or a site path), in order. */
    requests: (path: string) => state.seen.filter((url) => url.pathname.replace('/api/visitor', '/api').endsWith(path)),
    reset() {
      state.rankings.clear();
      state.dealers = [];
      state.ads.clear();
      state.siteConfig = testSiteConfig;
      state.failing.clear();
      state.seen.length = 0;
    },
  };
}

export type BrokerApi = Awaited<ReturnType<typeof startBrokerApi>>;
