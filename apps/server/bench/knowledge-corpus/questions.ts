/**
 * The retrieval quality set: questions a user might ask, worded differently from the corpus
 * (paraphrased, not copied), each with the passages (file#heading) that answer it.
 */
export interface QualityQuestion {
  question: string;
  answers: string[];
}

const fx = 'forex-basics.md';
const reg = 'broker-regulation.md';
const help = 'platform-help.md';
const zfx = '外汇基础.md';
const zreg = '经纪商监管.md';
const zhelp = '平台帮助.md';

export const qualityQuestions: QualityQuestion[] = [
  // English: trading basics
  { question: 'Which currency comes first in a quote like GBP/JPY and what does that mean?', answers: [`${fx}#Currency pairs and quotes`] },
  { question: 'How much money is one pip worth when I trade a full lot of euro dollar?', answers: [`${fx}#Pips and pip value`] },
  { question: 'What is the difference between a micro lot and a standard lot?', answers: [`${fx}#Lot sizes`] },
  { question: 'Is 1:500 leverage dangerous for a small account?', answers: [`${fx}#Leverage`] },
  { question: 'How do I calculate the margin required to open a trade?', answers: [`${fx}#Margin and free margin`] },
  { question: 'Why did the platform close my positions automatically when I was losing?', answers: [`${fx}#Margin call and stop out`] },
  { question: 'Do ECN accounts charge commission instead of a wide spread?', answers: [`${fx}#Spreads and commissions`, `${help}#Account types and fees`] },
  { question: 'Why was I charged interest for keeping a trade open overnight?', answers: [`${fx}#Swap and overnight financing`] },
  { question: 'When is the busiest time of day to trade currencies?', answers: [`${fx}#Market hours`] },
  { question: 'My stop loss filled at a worse price than I set, why?', answers: [`${fx}#Order types`] },
  { question: 'Is there a swap-free option for Muslim traders?', answers: [`${fx}#Swap and overnight financing`] },
  { question: 'What does a price gap at the Monday open mean?', answers: [`${fx}#Market hours`] },
  // English: regulation
  { question: 'Why should I care whether my broker is licensed?', answers: [`${reg}#Why regulation matters`] },
  { question: 'Which financial authorities are considered the strictest for brokers?', answers: [`${reg}#Top-tier regulators`] },
  { question: 'How can I check that a licence number shown on a broker site is genuine?', answers: [`${reg}#How to verify a licence`] },
  { question: 'What happens to my deposit if the broker goes bust?', answers: [`${reg}#Segregated client funds`, `${reg}#Investor compensation schemes`] },
  { question: 'How much does the FSCS pay back if a UK firm fails?', answers: [`${reg}#Investor compensation schemes`] },
  { question: 'Can I end up owing the broker money after a big market gap?', answers: [`${reg}#Negative balance protection`] },
  { question: 'How do I spot a fraudulent trading platform?', answers: [`${reg}#Warning signs of a scam broker`] },
  { question: 'Where can I escalate a dispute if the broker ignores my complaint?', answers: [`${reg}#Making a complaint`] },
  // English: product help
  { question: 'How long does it take to get a real trading account?', answers: [`${help}#Opening a live account`] },
  { question: 'Which documents do you accept to prove my address?', answers: [`${help}#Identity verification`] },
  { question: 'Can I fund my account with Skrill and is there a fee?', answers: [`${help}#Depositing funds`] },
  { question: 'When will my withdrawal arrive in my bank?', answers: [`${help}#Withdrawing funds`] },
  { question: 'I cannot find the server name in MT5, what should I do?', answers: [`${help}#Logging in to MetaTrader 4 and 5`] },
  { question: 'I forgot my login password for the client area', answers: [`${help}#Resetting your password`] },
  { question: 'How do I turn on 2FA with Google Authenticator?', answers: [`${help}#Two-factor authentication`] },
  { question: 'Does the practice account expire?', answers: [`${help}#Demo accounts`] },
  { question: 'Is there a monthly charge if I stop trading for a year?', answers: [`${help}#Account types and fees`] },
  // Chinese: 外汇基础
  { question: '买入欧元美元是看涨哪个货币？', answers: [`${zfx}#货币对与报价`] },
  { question: '日元货币对的一个点是多少？', answers: [`${zfx}#点与点值`] },
  { question: '高倍杠杆有什么风险？', answers: [`${zfx}#杠杆`] },
  { question: '账户为什么会被强平？', answers: [`${zfx}#保证金与爆仓`] },
  { question: '可用保证金怎么计算', answers: [`${zfx}#保证金与爆仓`] },
  { question: '交易成本主要是什么，什么时候点差会变大？', answers: [`${zfx}#点差与手续费`] },
  { question: '为什么周三过夜要扣三倍的钱？', answers: [`${zfx}#隔夜利息`] },
  { question: '北京时间几点外汇行情最活跃？', answers: [`${zfx}#交易时间`] },
  { question: '新手每笔交易应该亏多少就止损？', answers: [`${zfx}#止损与止盈`] },
  // Chinese: 经纪商监管
  { question: '受监管的平台和没监管的有什么区别？', answers: [`${zreg}#为什么要看监管`] },
  { question: '哪些国家的外汇监管比较严格？', answers: [`${zreg}#主要监管机构`] },
  { question: '怎样辨别平台是不是套牌的？', answers: [`${zreg}#如何查询监管牌照`] },
  { question: '经纪商倒闭了我的钱还能拿回来吗？', answers: [`${zreg}#客户资金隔离`] },
  { question: '骗子平台有哪些套路？', answers: [`${zreg}#黑平台的常见特征`] },
  { question: '平台不让提现应该怎么维权？', answers: [`${zreg}#出金困难怎么办`] },
  { question: '穿仓以后要倒欠平台钱吗？', answers: [`${zreg}#负余额保护`] },
  // Chinese: 平台帮助
  { question: '注册真实账户要多长时间？', answers: [`${zhelp}#如何开设真实账户`] },
  { question: '身份认证要上传什么证件？', answers: [`${zhelp}#实名认证需要哪些材料`] },
  { question: '用银联入金多久能到账，收费吗？', answers: [`${zhelp}#入金方式`] },
  { question: '提款几天能到我的银行卡？', answers: [`${zhelp}#出金多久到账`] },
  { question: 'MT5里找不到服务器怎么办？', answers: [`${zhelp}#MT5服务器与登录`] },
  { question: '交易密码忘了怎么重置？', answers: [`${zhelp}#忘记密码怎么办`] },
  { question: '模拟盘会过期吗？', answers: [`${zhelp}#模拟账户`] },
  { question: '长时间不交易会扣费吗？', answers: [`${zhelp}#账户类型与费用`] },
];
