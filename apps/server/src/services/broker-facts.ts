import { brokerLimits, type DealerDetail, type RankingCategory } from '@parley/contracts';
import type { BrokerRepo } from '../db/repos/broker-repo.js';
import type { RetrievedPassage } from '../llm/provider.js';
import { isMostlyCjk } from '../text/segment.js';

type Language = 'zh' | 'en';

/** Brokers named in one question that are looked up (a comparison of more is rare and long). */
const maxMentioned = 3;
/** Positions of a ranking quoted when the question asks for one. */
const rankingTop = 10;

const categoryNames: Record<Language, Record<RankingCategory, string>> = {
  zh: { 0: '综合排名', 1: '交易环境', 3: '热门搜索', 4: '问题平台' },
  en: { 0: 'global ranking', 1: 'trading environment', 3: 'hot searches', 4: 'problem platforms' },
};

const sourceName: Record<Language, string> = { zh: '本站经纪商数据', en: "Parley's broker data" };

const asksForRanking = /排行|排名|榜|前十|前五|top\s*\d*|ranking|rank(ed)?\b|best brokers?|最好的|哪些平台|which brokers/i;
/** The list a ranking question is about, by its words; the global ranking otherwise. */
const categoryWords: [RegExp, RankingCategory][] = [
  [/问题平台|黑平台|骗|诈骗|scam|problem|blacklist|fraud/i, 4],
  [/热门|热搜|搜索最多|popular|hot|most searched/i, 3],
  [/交易环境|点差|执行|滑点|trading (environment|conditions)|spread|execution/i, 1],
];

function rankingCategoryOf(question: string): RankingCategory {
  return categoryWords.find(([words]) => words.test(question))?.[1] ?? 0;
}

function regulatorsOf(detail: DealerDetail): string[] {
  const regulators = detail.details.regulators;
  return Array.isArray(regulators) ? regulators.filter((item): item is string => typeof item === 'string') : [];
}

function nameOf(detail: { title: string; titleEn: string }): string {
  return detail.titleEn && detail.titleEn !== detail.title ? `${detail.title} (${detail.titleEn})` : detail.title;
}

/** The newest date any of the broker's placings carries: what "as of" means for its data. */
function asOfOf(detail: DealerDetail): string | null {
  return detail.rankings.map((placing) => placing.asOf).sort().at(-1) ?? null;
}

function brokerText(detail: DealerDetail, language: Language): string {
  const regulators = regulatorsOf(detail);
  const asOf = asOfOf(detail);
  const placings = detail.rankings.map((placing) => `${categoryNames[language][placing.category as RankingCategory]} #${placing.rank}`);
  const founded = typeof detail.details.founded === 'number' ? detail.details.founded : null;
  const headquarters = typeof detail.details.headquarters === 'string' ? detail.details.headquarters : null;
  if (language === 'zh') {
    return [
      `**${nameOf(detail)}**${asOf ? `（数据日期：${asOf}）` : ''}`,
      `- 监管牌照：${detail.licenseNum} 个${regulators.length ? `（${regulators.join('、')}）` : ''}`,
      `- 交易服务器：${detail.serverNum} 个；可交易货币：${detail.currencyNum} 种`,
      founded || headquarters ? `- ${[founded ? `成立于 ${founded} 年` : '', headquarters ? `总部：${headquarters}` : ''].filter(Boolean).join('；')}` : '',
      `- 排行榜：${placings.length ? placings.join('，') : '未上榜'}`,
      detail.isDemo ? '- 注意：这是演示数据，该经纪商是虚构的。' : '',
    ]
      .filter(Boolean)
      .join('\n');
  }
  return [
    `**${nameOf(detail)}**${asOf ? ` (data as of ${asOf})` : ''}`,
    `- Licences: ${detail.licenseNum}${regulators.length ? ` (${regulators.join(', ')})` : ''}`,
    `- Trading servers: ${detail.serverNum}; tradable currencies: ${detail.currencyNum}`,
    founded || headquarters ? `- ${[founded ? `Founded ${founded}` : '', headquarters ? `headquarters: ${headquarters}` : ''].filter(Boolean).join('; ')}` : '',
    `- Rankings: ${placings.length ? placings.join(', ') : 'not ranked'}`,
    detail.isDemo ? '- Note: this is demo data; the broker is fictional.' : '',
  ]
    .filter(Boolean)
    .join('\n');
}

function excerptOf(text: string): string {
  const flat = text.replace(/\*\*/g, '').replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 160).trimEnd()}…` : flat;
}

/**
 * Facts from the site's broker tables for the official assistant: the brokers a question names
 * (licences, figures, placings) and, when it asks for a ranking, that list's top ten, each
 * labelled with the date of its data so answers can cite both.
 */
export function createBrokerFacts({ brokers }: { brokers: BrokerRepo }) {
  return {
    async forQuestion(question: string): Promise<RetrievedPassage[]> {
      const language: Language = isMostlyCjk(question) ? 'zh' : 'en';
      const passages: RetrievedPassage[] = [];
      for (const id of await brokers.mentionedIn(question, maxMentioned)) {
        const detail = await brokers.detail(id);
        if (!detail) continue;
        const content = brokerText(detail, language);
        passages.push({
          chunkId: `broker:${detail.id}`,
          fileId: null,
          fileName: sourceName[language],
          heading: nameOf(detail),
          page: null,
          excerpt: excerptOf(content),
          score: 1,
          kind: 'passage',
          question: null,
          content,
          brokerData: 'broker',
        });
      }
      if (passages.length === 0 && asksForRanking.test(question)) {
        const category = rankingCategoryOf(question);
        const slice = await brokers.rankingPage(category, 0, Math.min(rankingTop, brokerLimits.rankingPageSize));
        if (slice.items.length > 0) {
          const name = categoryNames[language][category];
          const lead =
            language === 'zh'
              ? `**${name}**前 ${slice.items.length} 名（数据日期：${slice.asOf}）：`
              : `**Top ${slice.items.length} of the ${name}** (data as of ${slice.asOf}):`;
          const lines = slice.items.map((item) =>
            language === 'zh'
              ? `${item.rank}. ${item.title} — 牌照 ${item.licenseNum} 个，服务器 ${item.serverNum} 个，货币 ${item.currencyNum} 种${item.isDemo ? '（演示数据）' : ''}`
              : `${item.rank}. ${item.title} — ${item.licenseNum} licences, ${item.serverNum} servers, ${item.currencyNum} currencies${item.isDemo ? ' (demo data)' : ''}`,
          );
          const content = [lead, ...lines].join('\n');
          passages.push({
            chunkId: `ranking:${category}:${slice.asOf}`,
            fileId: null,
            fileName: sourceName[language],
            heading: `${name} · ${slice.asOf}`,
            page: null,
            excerpt: excerptOf(content),
            score: 1,
            kind: 'passage',
            question: null,
            content,
            brokerData: 'ranking',
          });
        }
      }
      return passages;
    },
  };
}

export type BrokerFacts = ReturnType<typeof createBrokerFacts>;
