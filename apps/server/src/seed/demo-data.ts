import { and, eq, isNull, sql } from 'drizzle-orm';
import { locales, type Locale, type RankingCategory } from '@parley/contracts';
import type { Database } from '../db/client.js';
import { adRepo } from '../db/repos/ad-repo.js';
import { agentRepo } from '../db/repos/agent-repo.js';
import { brokerRepo } from '../db/repos/broker-repo.js';
import { chunkSearchFields } from '../db/repos/knowledge-search-repo.js';
import { ads, apps, brokers, knowledgeChunks, siteSettings, users } from '../db/schema/index.js';
import { estimateTokens } from '../llm/token-estimate.js';
import { demoAgents, demoAuthorName } from './demo-agents.js';
import { demoBanner, demoBrokers, demoNote, demoRankings, licenceCount } from './demo-brokers.js';

/** Set once demo content was loaded (or skipped); a later start never loads it again. */
export const demoMarkerKey = 'demo.loaded';

/** The demo banners, one per slot, each written in Chinese and in English. */
const demoAds = [
  { type: 1, hue: 210, zh: { title: '演示广告：如何识别问题平台', subline: '识别问题平台的 5 个信号' }, en: { title: 'Demo ad: how to spot a problem platform', subline: '5 signs of a problem platform' } },
  { type: 2, hue: 150, zh: { title: '演示广告：经纪商监管查询', subline: '开户前先查监管牌照' }, en: { title: 'Demo ad: check a broker\'s licence', subline: 'Check the licence before you open an account' } },
] as const;
const otherLanguages = locales.filter((locale): locale is Locale => !locale.startsWith('zh-'));

export interface DemoSummary {
  brokers: number;
  rankings: number;
  ads: number;
  agents: number;
}

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

async function findDemoAuthor(db: Database): Promise<{ id: string } | undefined> {
  const [author] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${demoAuthorName}`);
  return author;
}

/** Writes the demo brokers, their rankings in every category (dated `asOf`), two banners and four agents. */
export async function writeDemoData(db: Database, options: { promoUrl: string; asOf?: string }): Promise<DemoSummary> {
  const asOf = options.asOf ?? todayUtc();
  const repo = brokerRepo(db);
  await repo.upsert(
    demoBrokers.map((broker) => ({
      externalId: broker.externalId,
      title: broker.title,
      titleEn: broker.titleEn,
      licenseNum: licenceCount(broker),
      serverNum: broker.serverNum,
      currencyNum: broker.currencyNum,
      details: { regulators: broker.regulators, founded: broker.founded, headquarters: broker.headquarters, note: demoNote },
      isDemo: true,
    })),
  );
  const rankings = (Object.entries(demoRankings) as [string, string[]][]).flatMap(([category, ids]) =>
    ids.map((broker, index) => ({ broker, category: Number(category) as RankingCategory, rank: index + 1, asOf })),
  );
  await repo.replaceRankings(rankings);

  // each slot's banner in Chinese for the Chinese site languages, and in English for the others
  const adWriter = adRepo(db);
  for (const ad of demoAds) {
    await adWriter.insert({ type: ad.type, title: ad.zh.title, coverUrl: demoBanner('演示广告', ad.zh.subline, ad.hue), href: options.promoUrl, isDemo: true, languages: ['zh-CN', 'zh-TW'] });
    await adWriter.insert({ type: ad.type, title: ad.en.title, coverUrl: demoBanner('Demo ad', ad.en.subline, ad.hue), href: options.promoUrl, isDemo: true, languages: otherLanguages });
  }

  const author = (await findDemoAuthor(db)) ?? (await db.insert(users).values({ username: demoAuthorName }).returning({ id: users.id }))[0];
  if (!author) throw new Error('demo author insert returned no row');
  const agents = agentRepo(db);
  for (const agent of demoAgents) {
    const row = await agents.create(author.id, {
      name: agent.name,
      intro: agent.intro,
      // a built-in avatar's address (services/agents/built-in-avatars.ts)
      avatarUrl: `/files/avatars/${agent.avatar}.svg`,
      category: agent.category,
      systemPrompt: agent.systemPrompt,
      model: null,
      temperature: 0.7,
      topP: 1,
      openingMessage: agent.openingMessage,
      suggestedQuestions: agent.suggestedQuestions,
      visibility: 'public',
      knowledgeMode: 'open',
    });
    await db.insert(knowledgeChunks).values(
      agent.knowledge.map(([question, answer], ordinal) => ({
        appId: row.id,
        kind: 'qa' as const,
        ordinal,
        question,
        content: answer,
        tokenCount: estimateTokens(answer),
        ...chunkSearchFields({ title: question, body: answer }),
      })),
    );
  }
  return { brokers: demoBrokers.length, rankings: rankings.length, ads: demoAds.length * 2, agents: demoAgents.length };
}

/**
 * On the first start with an empty database (no brokers, no community agents), loads the demo
 * content once. The marker row is written first in the same transaction, so two instances
 * starting together load it once, and a database the operator emptied later stays empty.
 */
export async function loadDemoDataOnFirstStart(db: Database, options: { promoUrl: string }): Promise<DemoSummary | null> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(siteSettings)
      .values({ key: demoMarkerKey, value: { at: new Date().toISOString() } })
      .onConflictDoNothing()
      .returning({ key: siteSettings.key });
    if (!claimed) return null;
    const [anyBroker] = await tx.select({ id: brokers.id }).from(brokers).limit(1);
    const [anyAgent] = await tx.select({ id: apps.id }).from(apps).where(eq(apps.isOfficial, false)).limit(1);
    if (anyBroker || anyAgent) return null;
    return writeDemoData(tx as unknown as Database, options);
  });
}

/**
 * Removes every demo broker (with its rankings and ads) and demo banner, and deletes the demo
 * author's agents the way an owner does (chats people had with them stay readable).
 */
export async function removeDemoData(db: Database): Promise<{ brokers: number; ads: number; agents: number }> {
  return db.transaction(async (tx) => {
    const removedAds = await tx.delete(ads).where(eq(ads.isDemo, true)).returning({ id: ads.id });
    const removedBrokers = await tx.delete(brokers).where(eq(brokers.isDemo, true)).returning({ id: brokers.id });
    const author = await findDemoAuthor(tx as unknown as Database);
    let agents = 0;
    if (author) {
      const live = await tx
        .select({ id: apps.id })
        .from(apps)
        .where(and(eq(apps.ownerId, author.id), eq(apps.isOfficial, false), isNull(apps.deletedAt)));
      for (const { id } of live) if (await agentRepo(tx as unknown as Database).softDelete(author.id, id)) agents++;
    }
    return { brokers: removedBrokers.length, ads: removedAds.length, agents };
  });
}
