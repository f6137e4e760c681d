import type { RankingCategory } from '@parley/contracts';

/** Every demo broker says so wherever its details are shown. */
export const demoNote = 'Demo data: a fictional broker made up for this demo. 演示数据：虚构的经纪商。';

export interface DemoBroker {
  externalId: string;
  title: string;
  titleEn: string;
  regulators: string[];
  serverNum: number;
  currencyNum: number;
  founded: number;
  headquarters: string;
}

/** Made-up names: none of these is, or is meant to be, a real company. */
export const demoBrokers: DemoBroker[] = [
  { externalId: 'demo-lanhai', title: '澜海环球', titleEn: 'Lanhai Global Markets', regulators: ['FCA', 'ASIC', 'CySEC', 'FSCA'], serverNum: 14, currencyNum: 62, founded: 2006, headquarters: 'London' },
  { externalId: 'demo-polaris', title: '北辰资本', titleEn: 'Polaris Capital FX', regulators: ['ASIC', 'FCA', 'DFSA'], serverNum: 11, currencyNum: 55, founded: 2009, headquarters: 'Sydney' },
  { externalId: 'demo-goldbridge', title: '金桥国际', titleEn: 'Goldbridge International', regulators: ['CySEC', 'FSCA', 'FSA (Seychelles)'], serverNum: 9, currencyNum: 48, founded: 2011, headquarters: 'Limassol' },
  { externalId: 'demo-voyager', title: '远航外汇', titleEn: 'Voyager FX', regulators: ['FCA', 'MAS'], serverNum: 8, currencyNum: 44, founded: 2012, headquarters: 'Singapore' },
  { externalId: 'demo-hengxin', title: '恒信汇通', titleEn: 'Hengxin Union Markets', regulators: ['SFC', 'ASIC'], serverNum: 7, currencyNum: 38, founded: 2008, headquarters: 'Hong Kong' },
  { externalId: 'demo-evergreen', title: '青松金融', titleEn: 'Evergreen Pine Finance', regulators: ['NFA/CFTC'], serverNum: 5, currencyNum: 30, founded: 2004, headquarters: 'New York' },
  { externalId: 'demo-orbit', title: '星环证券', titleEn: 'Orbit Ring Securities', regulators: ['FCA', 'CySEC'], serverNum: 10, currencyNum: 51, founded: 2014, headquarters: 'London' },
  { externalId: 'demo-dawnlight', title: '晨曦交易', titleEn: 'Dawnlight Trading', regulators: ['ASIC', 'VFSC'], serverNum: 6, currencyNum: 40, founded: 2015, headquarters: 'Melbourne' },
  { externalId: 'demo-cloudpeak', title: '云峰环球', titleEn: 'Cloudpeak Global', regulators: ['CySEC', 'FSCA'], serverNum: 6, currencyNum: 36, founded: 2013, headquarters: 'Nicosia' },
  { externalId: 'demo-coastline', title: '海岸线资本', titleEn: 'Coastline Capital', regulators: ['DFSA', 'FSA (Seychelles)'], serverNum: 5, currencyNum: 33, founded: 2016, headquarters: 'Dubai' },
  { externalId: 'demo-silverfir', title: '银杉市场', titleEn: 'Silverfir Markets', regulators: ['FCA'], serverNum: 4, currencyNum: 29, founded: 2010, headquarters: 'Edinburgh' },
  { externalId: 'demo-keelpoint', title: '锐航金融', titleEn: 'Keelpoint Finance', regulators: ['ASIC'], serverNum: 4, currencyNum: 27, founded: 2017, headquarters: 'Brisbane' },
  { externalId: 'demo-brightridge', title: '明岳外汇', titleEn: 'Brightridge FX', regulators: ['CySEC', 'VFSC'], serverNum: 5, currencyNum: 31, founded: 2018, headquarters: 'Limassol' },
  { externalId: 'demo-dingfeng', title: '鼎丰国际', titleEn: 'Dingfeng International', regulators: ['SFC'], serverNum: 3, currencyNum: 22, founded: 2012, headquarters: 'Hong Kong' },
  { externalId: 'demo-taihe', title: '泰和环球', titleEn: 'Taihe Global', regulators: ['FSCA', 'FSA (Seychelles)'], serverNum: 4, currencyNum: 26, founded: 2019, headquarters: 'Cape Town' },
  { externalId: 'demo-bluewhale', title: '蓝鲸资本', titleEn: 'Bluewhale Capital', regulators: ['MAS', 'ASIC'], serverNum: 6, currencyNum: 35, founded: 2011, headquarters: 'Singapore' },
  { externalId: 'demo-aurora', title: '极光交易', titleEn: 'Aurora Bay Trading', regulators: ['FCA', 'FSCA'], serverNum: 5, currencyNum: 34, founded: 2016, headquarters: 'Manchester' },
  { externalId: 'demo-longwind', title: '长风金融', titleEn: 'Longwind Finance', regulators: ['VFSC'], serverNum: 3, currencyNum: 20, founded: 2020, headquarters: 'Port Vila' },
  { externalId: 'demo-lantern', title: '华灯市场', titleEn: 'Lanternlight Markets', regulators: ['CySEC'], serverNum: 3, currencyNum: 24, founded: 2017, headquarters: 'Larnaca' },
  { externalId: 'demo-pengcheng', title: '鹏程外汇', titleEn: 'Pengcheng FX', regulators: ['ASIC', 'FSA (Seychelles)'], serverNum: 4, currencyNum: 28, founded: 2015, headquarters: 'Perth' },
  // problem platforms: no licence, or one that does not cover them
  { externalId: 'demo-quickwin', title: '速盈汇', titleEn: 'QuickWin FX', regulators: [], serverNum: 1, currencyNum: 12, founded: 2022, headquarters: 'unknown' },
  { externalId: 'demo-fullvault', title: '金满仓', titleEn: 'FullVault Markets', regulators: [], serverNum: 1, currencyNum: 9, founded: 2023, headquarters: 'unknown' },
  { externalId: 'demo-hongli', title: '宏利通', titleEn: 'Hongli Tong Trade', regulators: ['clone of an FCA number'], serverNum: 2, currencyNum: 15, founded: 2021, headquarters: 'claims London' },
  { externalId: 'demo-xinhui', title: '鑫汇宝', titleEn: 'XinHui Bao', regulators: [], serverNum: 1, currencyNum: 10, founded: 2022, headquarters: 'unknown' },
  { externalId: 'demo-wanlida', title: '万利达', titleEn: 'Wanlida Capital', regulators: ['expired VFSC licence'], serverNum: 2, currencyNum: 14, founded: 2019, headquarters: 'Port Vila' },
  { externalId: 'demo-shengshi', title: '盛世金', titleEn: 'Shengshi Gold FX', regulators: [], serverNum: 1, currencyNum: 8, founded: 2023, headquarters: 'unknown' },
];

/** A real licence counts; a claimed, cloned or expired one does not. */
export function licenceCount(broker: DemoBroker): number {
  return broker.regulators.filter((regulator) => !/clone|expired/i.test(regulator)).length;
}

/** The demo lists, by external id, best first. */
export const demoRankings: Record<RankingCategory, string[]> = {
  0: demoBrokers.slice(0, 20).map((broker) => broker.externalId),
  1: ['demo-polaris', 'demo-lanhai', 'demo-voyager', 'demo-orbit', 'demo-goldbridge', 'demo-bluewhale', 'demo-hengxin', 'demo-aurora', 'demo-silverfir', 'demo-evergreen', 'demo-cloudpeak', 'demo-dawnlight', 'demo-keelpoint', 'demo-brightridge', 'demo-coastline'],
  3: ['demo-lanhai', 'demo-quickwin', 'demo-polaris', 'demo-goldbridge', 'demo-fullvault', 'demo-voyager', 'demo-hengxin', 'demo-hongli', 'demo-orbit', 'demo-bluewhale', 'demo-xinhui', 'demo-dawnlight'],
  4: ['demo-quickwin', 'demo-fullvault', 'demo-hongli', 'demo-xinhui', 'demo-wanlida', 'demo-shengshi', 'demo-longwind'],
};

/** A banner drawn as SVG, so the demo needs no image files. */
export function demoBanner(headline: string, subline: string, hue: number): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200" viewBox="0 0 600 200"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,42%)"/><stop offset="1" stop-color="hsl(${hue + 40},70%,30%)"/></linearGradient></defs><rect width="600" height="200" rx="16" fill="url(#g)"/><text x="36" y="92" font-family="sans-serif" font-size="40" font-weight="700" fill="#fff">${headline}</text><text x="36" y="140" font-family="sans-serif" font-size="24" fill="#fff" fill-opacity="0.85">${subline}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
