import { brokerLimits, type DealerDetail, type RankingCategory } from '@parley/contracts';
import type { BrokerRepo } from '../../db/repos/broker-repo.js';
import type { RetrievedPassage } from '../../llm/provider.js';
import { isMostlyCjk } from '../../text/segment.js';

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

/** What the broker tables say of one broker, in the words of the question's language. */
function factsOf(detail: DealerDetail, language: Language) {
  const founded = typeof detail.details.founded === 'number' ? detail.details.founded : null;
  const headquarters = typeof detail.details.headquarters === 'string' ? detail.details.headquarters : null;
  return {
    name: nameOf(detail),
    asOf: asOfOf(detail),
    regulators: regulatorsOf(detail),
    placings: detail.rankings.map((placing) => `${categoryNames[language][placing.category as RankingCategory]} #${placing.rank}`),
    founded,
    headquarters,
  };
}

function brokerText(detail: DealerDetail, language: Language): string {
  const { name, asOf, regulators, placings, founded, headquarters } = factsOf(detail, language);
  if (language === 'zh') {
    return [
      `**${name}**${asOf ? `（数据日期：${asOf}）` : ''}`,
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
    `**${name}**${asOf ? ` (data as of ${asOf})` : ''}`,
    `- Licences: ${detail.licenseNum}${regulators.length ? ` (${regulators.join(', ')})` : ''}`,
    `- Trading servers: ${detail.serverNum}; tradable currencies: ${detail.currencyNum}`,
    founded || headquarters ? `- ${[founded ? `Founded ${founded}` : '', headquarters ? `headquarters: ${headquarters}` : ''].filter(Boolean).join('; ')}` : '',
    `- Rankings: ${placings.length ? placings.join(', ') : 'not ranked'}`,
    detail.isDemo ? '- Note: this is demo data; the broker is fictional.' : '',
  ]
    .filter(Boolean)
    .join('\n');
}

const comparisonRows: Record<Language, { facts: string; licences: string; regulators: string; servers: string; currencies: string; founded: string; headquarters: string; rankings: string; asOf: string; demo: string; none: string; notRanked: string; yes: string; no: string }> = {
  zh: { facts: '项目', licences: '监管牌照', regulators: '监管机构', servers: '交易服务器', currencies: '可交易货币', founded: '成立年份', headquarters: '总部', rankings: '排行榜', asOf: '数据日期', demo: '演示数据（虚构）', none: '—', notRanked: '未上榜', yes: '是', no: '否' },
  en: { facts: 'Fact', licences: 'Licences', regulators: 'Regulators', servers: 'Trading servers', currencies: 'Tradable currencies', founded: 'Founded', headquarters: 'Headquarters', rankings: 'Rankings', asOf: 'Data as of', demo: 'Demo data (fictional)', none: '—', notRanked: 'not ranked', yes: 'yes', no: 'no' },
};

/** A markdown table cell: pipes escaped, line breaks flattened. */
function cell(value: string | number): string {
  return String(value).replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
}

/** The brokers side by side: a markdown table, a column per broker and a row per fact. */
export function comparisonTable(details: DealerDetail[], language: Language): string {
  const words = comparisonRows[language];
  const facts = details.map((detail) => ({ detail, ...factsOf(detail, language) }));
  const rows: [string, (fact: (typeof facts)[number]) => string | number][] = [
    [words.licences, (fact) => fact.detail.licenseNum],
    [words.regulators, (fact) => (fact.regulators.length ? fact.regulators.join(language === 'zh' ? '、' : ', ') : words.none)],
    [words.servers, (fact) => fact.detail.serverNum],
    [words.currencies, (fact) => fact.detail.currencyNum],
    [words.founded, (fact) => fact.founded ?? words.none],
    [words.headquarters, (fact) => fact.headquarters ?? words.none],
    [words.rankings, (fact) => (fact.placings.length ? fact.placings.join(language === 'zh' ? '，' : ', ') : words.notRanked)],
    [words.asOf, (fact) => fact.asOf ?? words.none],
  ];
  if (details.some((detail) => detail.isDemo)) rows.push([words.demo, (fact) => (fact.detail.isDemo ? words.yes : words.no)]);
  const line = (cells: (string | number)[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [
    line([words.facts, ...facts.map((fact) => fact.name)]),
    line(['---', ...facts.map(() => '---')]),
    ...rows.map(([label, value]) => line([label, ...facts.map(value)])),
  ].join('\n');
}

function excerptOf(text: string): string {
  const flat = text.replace(/\*\*/g, '').replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 160).trimEnd()}…` : flat;
}

/**
 * Facts from the site's broker tables for the official assistant: the brokers a question names
 * (licences, figures, placings), side by side in a table when it names several, and, when it
 * asks for a ranking, that list's top ten, each labelled with the date of its data so answers
 * can cite both.
 */
export function createBrokerFacts({ brokers }: { brokers: BrokerRepo }) {
  return {
    async forQuestion(question: string): Promise<RetrievedPassage[]> {
      const language: Language = isMostlyCjk(question) ? 'zh' : 'en';
      const passages: RetrievedPassage[] = [];
      const named: DealerDetail[] = [];
      for (const id of await brokers.mentionedIn(question, maxMentioned)) {
        const detail = await brokers.detail(id);
        if (detail) named.push(detail);
      }
      // in the order the question names them
      const lower = question.toLowerCase();
      const position = (detail: DealerDetail) =>
        Math.min(...[detail.title, detail.titleEn].filter(Boolean).map((name) => lower.indexOf(name.toLowerCase())).map((at) => (at < 0 ? Infinity : at)));
      named.sort((a, b) => position(a) - position(b));
      for (const detail of named) {
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
      if (named.length > 1) {
        const content = comparisonTable(named, language);
        const heading = named.map(nameOf).join(language === 'zh' ? ' 对比 ' : ' vs ');
        passages.push({
          chunkId: `compare:${named.map((detail) => detail.id).join(',')}`,
          fileId: null,
          fileName: sourceName[language],
          heading,
          page: null,
          excerpt: excerptOf(heading),
          score: 1,
          kind: 'passage',
          question: null,
          content,
          brokerData: 'comparison',
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
