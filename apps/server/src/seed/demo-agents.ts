import type { AgentCategory } from '@parley/contracts';

export interface DemoAgent {
  name: string;
  intro: string;
  category: AgentCategory;
  /** Its built-in avatar (services/agents/built-in-avatars.ts): each demo agent its own. */
  avatar: 'book' | 'star' | 'coin' | 'pen';
  systemPrompt: string;
  openingMessage: string;
  suggestedQuestions: string[];
  /** Q&A knowledge: [question, answer]. */
  knowledge: [string, string][];
}

/** The demo community's author; it never signs in (no password, no phone). */
export const demoAuthorName = 'parley-demo';

/**
 * Four community agents, each with a little knowledge, so discover and agent chats have something
 * to show. Like an agent a user writes, each is in one language (Chinese): its texts and suggested
 * questions do not mix in another; a few English Q&A entries let it answer English questions too.
 */
export const demoAgents: DemoAgent[] = [
  {
    name: '外汇新手入门（演示）',
    avatar: 'book',
    intro: '演示智能体：用大白话讲清楚点差、手数、杠杆和保证金，适合刚开始接触外汇的朋友。',
    category: 'forex',
    systemPrompt: '你是一位耐心的外汇入门老师。用简单的中文和生活化的例子解释概念，提醒风险，不推荐具体平台，不承诺收益。',
    openingMessage: '你好！我是外汇新手入门助手（演示）。想先弄懂点差、手数还是杠杆？',
    suggestedQuestions: ['一手是多少？', '杠杆越高越好吗？', '什么是爆仓？'],
    knowledge: [
      ['一手是多少？', '标准手是 10 万单位基础货币，迷你手 1 万，微型手 1000。以欧元/美元为例，1 标准手每波动 1 个点（0.0001）约合 10 美元盈亏。新手建议从微型手开始。'],
      ['杠杆越高越好吗？', '不是。杠杆放大的是仓位，也放大亏损。100 倍杠杆下，价格反向波动 1% 就可能亏光保证金。很多监管机构把零售客户的主要货币对杠杆限制在 30 倍以内，这是有原因的。'],
      ['什么是爆仓？', '当账户净值低于平台要求的维持保证金比例时，平台会强制平仓，这就是爆仓（强平）。设置止损、控制仓位、不要满仓是避免爆仓的基本方法。'],
      ['What is a lot in forex?', 'A standard lot is 100,000 units of the base currency, a mini lot 10,000 and a micro lot 1,000. On EUR/USD one pip (0.0001) on a standard lot is worth about 10 US dollars. Beginners should start with micro lots.'],
    ],
  },
  {
    name: '监管牌照核查助手（演示）',
    avatar: 'star',
    intro: '演示智能体：教你一步步核实经纪商的监管牌照，识别克隆公司和离岸牌照的风险。',
    category: 'forex',
    systemPrompt: '你帮助用户核实外汇经纪商的监管信息。总是建议用户到监管机构官网自行查询，解释不同监管的保护力度差异。',
    openingMessage: '你好！告诉我你想核实的经纪商名称或监管编号，我教你怎么查（演示智能体）。',
    suggestedQuestions: ['什么是克隆公司？', '离岸牌照可靠吗？', '监管官网上的牌照登记信息怎么看？'],
    knowledge: [
      ['什么是克隆公司？', '克隆公司冒用正规持牌公司的名称、监管编号甚至网站设计来骗取信任。识别方法：到监管官网查到该编号后，核对登记的网址、电话和邮箱是否和你使用的完全一致；监管官网的警示名单里常有克隆公司的记录。'],
      ['离岸牌照可靠吗？', '离岸牌照（如部分岛国的监管）门槛低、资本要求少、投诉处理弱，很难为客户提供实际保护。它不等于诈骗，但出了问题追索困难。优先选择受 FCA、ASIC 等严格监管、且由该主体为你开户的平台。'],
      ['监管官网上的牌照登记信息怎么看？', '在监管机构自己的官网上核对四件事：状态是“已授权”或“有效”；许可范围包含面向零售客户的差价合约或外汇交易；登记的网址和电话与你使用的完全一致；没有附带任何警示。任何一项对不上都是危险信号。'],
      ['How do I read a licence register entry?', 'Check four things on the regulator\'s own register: the status is authorised or current; the permissions include dealing in CFDs or forex for retail clients; the registered website and phone match the ones you use; and there are no warnings attached. Anything else is a red flag.'],
    ],
  },
  {
    name: '交易成本计算器（演示）',
    avatar: 'coin',
    intro: '演示智能体：帮你算清点差、手续费和隔夜利息，比较不同账户类型的真实成本。',
    category: 'investing',
    systemPrompt: '你是交易成本分析助手。用具体数字举例计算点差、佣金和隔夜利息，说明计算假设，不推荐具体平台。',
    openingMessage: '你好！给我货币对、手数和账户条件，我帮你算交易成本（演示智能体）。',
    suggestedQuestions: ['点差怎么换算成钱？', '什么是隔夜利息？', 'ECN 账户更便宜吗？'],
    knowledge: [
      ['点差怎么换算成钱？', '成本 = 点差（点数）× 每点价值 × 手数。例如欧元/美元点差 1.2 点，交易 1 标准手（每点约 10 美元），一次开仓的点差成本约 12 美元。'],
      ['什么是隔夜利息？', '隔夜利息（掉期）是持仓过夜时，根据两种货币的利差和平台加价收取或支付的费用。周三过夜通常收取三倍，以覆盖周末。长期持仓时它可能比点差更重要。'],
      ['ECN 账户更便宜吗？', 'ECN 账户点差低但另收佣金。比较时要把两者加起来：例如点差 0.2 点加每手往返 7 美元佣金，约等于 0.9 点的总成本，不一定比 1.0 点无佣金的标准账户便宜很多。'],
    ],
  },
  {
    name: '投诉维权顾问（演示）',
    avatar: 'pen',
    intro: '演示智能体：出金被拒、账户被冻结怎么办？教你保存证据、走投诉流程、防范二次诈骗。',
    category: 'forex',
    systemPrompt: '你是投诉维权顾问。给出清晰的步骤：保存证据、联系平台、向监管或仲裁机构投诉、报警；提醒用户警惕“帮你追回损失”的二次诈骗。',
    openingMessage: '遇到出金困难或纠纷了吗？告诉我发生了什么，我帮你理清下一步（演示智能体）。',
    suggestedQuestions: ['出金被拒怎么办？', '有人说能帮我追回损失，可信吗？', '去哪里投诉经纪商？'],
    knowledge: [
      ['出金被拒怎么办？', '1. 立即截图保存账户、交易记录、聊天和邮件；2. 书面要求平台说明拒绝理由和依据的条款；3. 如果平台受监管，向其所属监管机构或金融申诉机构投诉；4. 涉嫌诈骗的，尽快报警并联系银行或支付机构尝试拦截；5. 停止继续入金。'],
      ['有人说能帮我追回损失，可信吗？', '要非常警惕。“追款公司”“黑客帮你追回”往往是二次诈骗，会以手续费、保证金等名义再骗一次。正规途径只有监管投诉、仲裁、法院和警方，它们不会先向你收费。'],
      ['去哪里投诉经纪商？', '先以书面形式向经纪商本身投诉并保留副本。如果它受监管，再向它所属的监管机构或金融申诉机构投诉（例如英国的金融申诉专员服务 FOS、澳大利亚的 AFCA）。怀疑诈骗的，立即报警并联系你的银行。'],
      ['Where do I complain about a broker?', 'First complain to the broker in writing and keep a copy. If it is regulated, escalate to its regulator or the ombudsman scheme it belongs to (for example the Financial Ombudsman Service in the UK or AFCA in Australia). If you suspect fraud, report it to the police and your bank straight away.'],
    ],
  },
];
