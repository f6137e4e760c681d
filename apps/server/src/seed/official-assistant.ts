import { officialProfile, type OfficialProfile } from '@parley/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { appRepo, type OfficialAppSeed } from '../db/repos/app-repo.js';
import { chunkSearchFields } from '../db/repos/knowledge-search-repo.js';
import { officialProfileKey, siteSettingsRepo } from '../db/repos/site-settings-repo.js';
import { apps, knowledgeChunks } from '../db/schema/index.js';
import { estimateTokens } from '../llm/token-estimate.js';
import { officialFaq } from './official-faq.js';

export const officialSuggestedQuestions = [
  '如何查询外汇经纪商的监管牌照？',
  '怎样识别问题平台？',
  '外汇杠杆交易有哪些风险？',
  '智能体是什么？如何创建自己的智能体？',
];

/** What the official assistant can help with: listed when it cannot answer a question offline. */
export const officialTopics = {
  zh: [
    '外汇经纪商的监管牌照，以及如何查询',
    '平台是否安全，如何识别问题平台和克隆公司',
    '开户材料、入金和出金',
    '点差、手续费和杠杆风险',
    '如何投诉平台',
    '本站的使用方法：智能体、分享、设置等',
  ],
  en: [
    "forex brokers' licences, and how to check one",
    'whether a broker is safe, and spotting problem platforms and clone firms',
    'opening an account, deposits and withdrawals',
    'spreads, fees and the risks of leverage',
    'complaining about a broker',
    'using this site: agents, sharing, settings and more',
  ],
} as const;

export const officialAssistantSeed: OfficialAppSeed = {
  name: '智能客服',
  avatarUrl: null,
  category: 'general',
  intro: '我可以解答外汇经纪商的监管牌照、问题平台识别、交易成本与风险、投诉和出金等问题，也可以介绍本站的使用方法。',
  openingMessage:
    '您好，我是智能客服！想了解某家外汇经纪商是否正规、如何查询监管牌照、如何识别问题平台，或者本站的使用方法，都可以问我。',
  suggestedQuestions: officialSuggestedQuestions,
  systemPrompt: [
    'You are 智能客服, the official customer-service assistant of Parley, a site about forex brokers with an AI chat and community agents (智能体).',
    "Answer in the user's language. Be accurate, concise and friendly; prefer short paragraphs and lists.",
    'Topics: broker licences and regulation (FCA, ASIC, NFA/CFTC, CySEC and others), checking a licence, whether a broker is safe, the site rankings, opening an account and its documents, deposits, safe withdrawals, spreads, fees and commissions, leverage and margin risk, spotting problem platforms and clone firms, complaints, MT4/MT5, and how to use Parley.',
    'Never give personal investment advice or promise returns, never vouch for a broker you cannot verify, and remind users to check a licence on the regulator\'s own website before depositing money.',
  ].join('\n'),
};

/** The operator's stored changes; a value that no longer passes the rules is left out (the seed applies). */
export async function readOfficialProfile(db: Database): Promise<OfficialProfile> {
  const parsed = officialProfile.safeParse((await siteSettingsRepo(db).get(officialProfileKey)) ?? {});
  return parsed.success ? parsed.data : {};
}

/**
 * The seeded FAQ as the Q&A rows it becomes: Chinese and English are separate entries. An
 * entry's other wordings (`alsoAsked`) are searched with its question, as part of the title.
 */
export function officialFaqRows() {
  return officialFaq
    .flatMap((entry) => [
      { qa: entry.zh, alsoAsked: entry.alsoAsked?.zh ?? [] },
      { qa: entry.en, alsoAsked: entry.alsoAsked?.en ?? [] },
    ])
    .map(({ qa: [question, answer], alsoAsked }, ordinal) => ({
      ordinal,
      question,
      content: answer,
      ...chunkSearchFields({ title: [question, ...alsoAsked].join('\n'), body: answer }),
    }));
}

/**
 * Creates or updates the official assistant and its FAQ, at every start: the seed, with the
 * operator's changes (`official.profile`) laid over it. The FAQ rows are
 * replaced only when the seeded texts (or their segmentation) differ from what is stored, under
 * a lock on the app row so instances starting together do not both rewrite them.
 */
export async function ensureOfficialAssistant(db: Database): Promise<{ appId: string; faqReplaced: boolean }> {
  const app = await appRepo(db).ensureOfficial({ ...officialAssistantSeed, ...(await readOfficialProfile(db)) });
  const wanted = officialFaqRows();

  const faqReplaced = await db.transaction(async (tx) => {
    await tx.select({ id: apps.id }).from(apps).where(eq(apps.id, app.id)).for('update');
    const seeded = and(eq(knowledgeChunks.appId, app.id), eq(knowledgeChunks.builtIn, true));
    const stored = await tx
      .select({
        ordinal: knowledgeChunks.ordinal,
        question: knowledgeChunks.question,
        content: knowledgeChunks.content,
        searchTitle: knowledgeChunks.searchTitle,
        searchText: knowledgeChunks.searchText,
      })
      .from(knowledgeChunks)
      .where(seeded)
      .orderBy(asc(knowledgeChunks.ordinal));
    if (JSON.stringify(stored) === JSON.stringify(wanted)) return false;

    await tx.delete(knowledgeChunks).where(seeded);
    await tx.insert(knowledgeChunks).values(
      wanted.map((row) => ({ ...row, appId: app.id, kind: 'qa' as const, builtIn: true, tokenCount: estimateTokens(row.content) })),
    );
    return true;
  });
  return { appId: app.id, faqReplaced };
}
