/**
 * The offline quality set: questions a customer might put to the official assistant, worded as
 * people write them (question forms, synonyms, colloquial, with digits, two questions in one),
 * not copied from the FAQ. Each is labelled with the FAQ entries (their `id` in
 * src/seed/official-faq*.ts) that answer it, the first being the best; `none` marks a question
 * the FAQ does not and should not cover, which the assistant should decline.
 */
export interface OfflineQualityQuestion {
  question: string;
  /** Ids of the FAQ entries that answer it, or `none`. */
  expected: string[] | 'none';
}

const none = 'none' as const;

export const offlineQualityQuestions: OfflineQualityQuestion[] = [
  // 中文：开户、入金、出金
  { question: '怎么开户？需要准备什么材料？', expected: ['open-account'] },
  { question: '注册外汇账户要身份证吗', expected: ['open-account'] },
  { question: '开个交易账户要交哪些资料，审核要多久？', expected: ['open-account'] },
  { question: '入金多久到账？', expected: ['deposit'] },
  { question: '我刚入金了500美元，一般几个小时能到账？', expected: ['deposit'] },
  { question: '怎么往交易账户里存钱', expected: ['deposit'] },
  { question: '出金要几天？', expected: ['withdrawal'] },
  { question: '提现一直不到账怎么办', expected: ['withdrawal'] },
  { question: '我申请出金3次都被拒了，平台说要先交税', expected: ['withdrawal', 'problem-platform'] },
  // 中文：费用、点差
  { question: '点差和手续费怎么收？', expected: ['fees'] },
  { question: '交易佣金一般是多少', expected: ['fees'] },
  { question: '点差是什么？', expected: ['spread'] },
  { question: '1标准手每个点多少钱', expected: ['spread'] },
  // 中文：投诉、监管
  { question: '我想投诉一个外汇平台', expected: ['complaint'] },
  { question: '平台不给出金，去哪里举报？', expected: ['complaint', 'withdrawal'] },
  { question: '怎么查一个平台有没有监管', expected: ['licence-check'] },
  { question: '这个经纪商有没有牌照，怎么看？', expected: ['licence-check'] },
  { question: '为什么一定要选有监管的平台', expected: ['licence-why'] },
  { question: '在FCA官网上怎么查经纪商', expected: ['fca'] },
  { question: '离岸牌照靠谱吗', expected: ['offshore'] },
  // 中文：杠杆、风险、安全
  { question: '杠杆是什么意思', expected: ['leverage-risk'] },
  { question: '用500倍杠杆风险大吗', expected: ['leverage-risk'] },
  { question: '爆仓是怎么回事', expected: ['margin-call'] },
  { question: '这个平台安全吗？靠谱吗？', expected: ['safety'] },
  { question: '怎么判断外汇平台是不是正规靠谱', expected: ['safety', 'licence-check'] },
  { question: '黑平台有什么特征', expected: ['problem-platform'] },
  { question: '有人拉我进群让老师带单，是骗子吗', expected: ['problem-platform'] },
  { question: '套牌公司是什么意思', expected: ['clone-firm'] },
  { question: '平台倒闭了我的钱怎么办', expected: ['segregation'] },
  // 中文：本站使用
  { question: 'MT5和MT4有什么区别', expected: ['mt4-mt5'] },
  { question: '游客一天能发几条消息', expected: ['visitor-quota'] },
  { question: '怎么切换成英文界面', expected: ['theme-language'] },
  { question: '怎么把聊天记录分享给朋友', expected: ['share-chat'] },
  // 中文：不该回答的
  { question: '今天天气怎么样？', expected: none },
  { question: '推荐一只明天会涨的股票', expected: none },
  { question: '帮我写一首关于春天的诗', expected: none },
  { question: '比特币明年能涨到10万美元吗', expected: none },
  { question: '欧元兑美元下周会涨吗', expected: none },
  { question: '红烧肉怎么做', expected: none },

  // English: accounts, deposits, withdrawals
  { question: 'How do I open an account and what documents do I need?', expected: ['open-account'] },
  { question: 'What ID do I need to sign up with a broker?', expected: ['open-account'] },
  { question: 'How long does a deposit take to arrive?', expected: ['deposit'] },
  { question: 'I deposited $200 by card 2 hours ago, when will it show up?', expected: ['deposit'] },
  { question: 'How can I withdraw my money?', expected: ['withdrawal'] },
  { question: 'My withdrawal has been pending for 10 days, what should I do?', expected: ['withdrawal'] },
  // English: costs
  { question: 'What fees and commissions will I pay?', expected: ['fees'] },
  { question: 'How much commission does a broker charge per lot?', expected: ['fees'] },
  { question: 'What is a spread?', expected: ['spread'] },
  // English: complaints and regulation
  { question: 'How do I complain about a forex broker?', expected: ['complaint'] },
  { question: 'Where can I report a broker that scammed me?', expected: ['complaint', 'problem-platform'] },
  { question: 'Is this broker regulated? How can I verify its licence?', expected: ['licence-check'] },
  { question: "How do I check a forex broker's licence?", expected: ['licence-check'] },
  { question: 'What is an offshore licence worth?', expected: ['offshore'] },
  // English: leverage, risk, safety
  { question: 'What does leverage mean?', expected: ['leverage-risk'] },
  { question: 'Is 1:500 leverage too risky?', expected: ['leverage-risk'] },
  { question: 'What are the risks of leveraged forex trading?', expected: ['leverage-risk'] },
  { question: 'Is my money safe with a forex broker?', expected: ['safety', 'segregation'] },
  { question: 'How do I know if a broker is safe and trustworthy?', expected: ['safety'] },
  { question: 'How can I spot a problem platform?', expected: ['problem-platform'] },
  { question: 'What is a clone firm?', expected: ['clone-firm'] },
  // English: using the site
  { question: "What's the difference between MT4 and MT5?", expected: ['mt4-mt5'] },
  { question: 'How do I share a conversation?', expected: ['share-chat'] },
  { question: 'How many messages can I send per day without an account?', expected: ['visitor-quota'] },
  // English: questions to decline
  { question: "What's the weather like today?", expected: none },
  { question: 'Which stock will go up tomorrow?', expected: none },
  { question: 'Can you give me a recipe for pancakes?', expected: none },
  { question: 'Write me a poem about the sea', expected: none },
  { question: 'Who won the football match last night?', expected: none },
  { question: 'Will EUR/USD go up next week?', expected: none },
];

/**
 * More questions of the same kinds, written before the FAQ's other wordings (`alsoAsked`) and the
 * new entries were, and not used to choose them or the thresholds (only their misses before any
 * change were seen): a check that the tuning on the set above carries over to other questions.
 */
export const offlineHoldoutQuestions: OfflineQualityQuestion[] = [
  { question: '开户需要什么条件', expected: ['open-account'] },
  { question: '新手如何注册一个交易账号', expected: ['open-account'] },
  { question: '入金有哪些方式', expected: ['deposit'] },
  { question: '充值到账要多久', expected: ['deposit'] },
  { question: '怎么把钱取出来', expected: ['withdrawal'] },
  { question: '出金被拒绝了怎么办', expected: ['withdrawal'] },
  { question: '交易成本怎么算', expected: ['fees', 'spread'] },
  { question: '隔夜费是什么', expected: ['fees'] },
  { question: '被平台骗了怎么维权', expected: ['complaint'] },
  { question: '怎么核实经纪商的监管信息', expected: ['licence-check'] },
  { question: '杠杆越高越好吗', expected: ['leverage-risk'] },
  { question: '强平是什么', expected: ['margin-call'] },
  { question: '这家公司是正规平台吗', expected: ['safety', 'licence-check', 'problem-platform'] },
  { question: '资金安全有保障吗', expected: ['safety', 'segregation'] },
  { question: '明天美联储会加息吗', expected: none },
  { question: '给我讲个笑话', expected: none },
  { question: 'What do I need to open a trading account?', expected: ['open-account'] },
  { question: 'How do I fund my account?', expected: ['deposit'] },
  { question: 'How long do withdrawals take?', expected: ['withdrawal'] },
  { question: 'Are there any hidden costs when trading?', expected: ['fees'] },
  { question: 'What is a swap fee?', expected: ['fees'] },
  { question: 'How can I file a complaint with a regulator?', expected: ['complaint'] },
  { question: 'How do I find out if a broker is licensed?', expected: ['licence-check'] },
  { question: 'Is high leverage dangerous?', expected: ['leverage-risk'] },
  { question: 'Can I trust this platform?', expected: ['safety'] },
  { question: 'What should I cook for dinner?', expected: none },
  { question: 'Tell me a joke', expected: none },
  { question: "What's the price of gold today?", expected: none },
];
