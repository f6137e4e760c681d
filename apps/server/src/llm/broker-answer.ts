import type { RetrievedPassage } from './provider.js';

type Language = 'zh' | 'en';

const texts = {
  one: { zh: '根据本站的经纪商数据：', en: "Here is what Parley's broker data says:" },
  compare: { zh: '根据本站的经纪商数据，对比如下：', en: "Side by side, from Parley's broker data:" },
  ranking: { zh: '这是本站的排行榜数据：', en: "This is the ranking from Parley's broker data:" },
  check: {
    zh: '以上数据来自本站经纪商数据库，日期见各条目。排行榜不构成投资建议；开户前请到监管机构官网核实牌照，确认持牌主体就是与您签约的公司。',
    en: "These figures come from Parley's broker tables, dated as shown. A ranking is not investment advice: before you open an account, check the licence on the regulator's own register and make sure the licensed company is the one you sign with.",
  },
};

/**
 * The offline answer to a broker question: the facts as the broker tables give them, with their
 * dates and a reminder to verify. Several brokers are answered with their side-by-side table.
 */
export function brokerAnswer(facts: RetrievedPassage[], language: Language): string {
  const comparison = facts.find((fact) => fact.brokerData === 'comparison');
  if (comparison) return [texts.compare[language], comparison.content, texts.check[language]].join('\n\n');
  const brokers = facts.filter((fact) => fact.brokerData === 'broker');
  const lead = brokers.length === 1 ? texts.one[language] : texts.ranking[language];
  return [lead, ...facts.map((fact) => fact.content), texts.check[language]].join('\n\n');
}
