import type { FaqEntry } from './official-faq.js';

/** Forex-broker basics the site is about: regulation, safety, accounts and money in and out, trading costs and risks, disputes. */
export const forexFaq: readonly FaqEntry[] = [
  {
    id: 'licence-why',
    zh: [
      '什么是外汇经纪商的监管牌照？为什么重要？',
      '监管牌照是金融监管机构（如英国 FCA、澳大利亚 ASIC、美国 CFTC/NFA、塞浦路斯 CySEC）发给经纪商的经营许可。持牌平台必须满足资本金要求、把客户资金与公司资金隔离存放、定期报告，并接受检查和投诉处理。\n\n没有牌照或只有离岸牌照的平台，一旦出问题，您几乎没有追索途径。选择平台时，牌照是第一道门槛：要确认牌照真实有效、持牌主体就是与您签约的公司，并且牌照允许它为您所在地区的零售客户提供外汇或差价合约交易。',
    ],
    en: [
      "What is a forex broker's licence, and why does regulation matter?",
      "A licence is the permission a financial regulator (such as the UK FCA, Australia's ASIC, the US CFTC/NFA or Cyprus's CySEC) gives a broker to do business. Licensed brokers must hold enough capital, keep client money apart from the company's own, report regularly, and accept inspections and complaints handling.\n\nWith an unlicensed or offshore-only broker you have almost no recourse if things go wrong. The licence is the first thing to check: it must be real and current, held by the very company you sign up with, and cover forex or CFD trading for retail clients where you live.",
    ],
    alsoAsked: {
      zh: ['为什么要选有牌照的平台', '监管有什么用', '受监管是什么意思', '没有监管的平台'],
      en: ['why choose a regulated broker', 'what does regulated mean', 'unregulated broker', 'why regulation is important'],
    },
  },
  {
    id: 'licence-check',
    zh: [
      '如何查询外汇经纪商的监管牌照？',
      '按下面几步自己核实，不要只看平台网站上的说法：\n\n1. 在平台网站底部或客户协议中找到签约公司的全称和监管编号；\n2. 打开监管机构的官网自行查询（不要点平台提供的链接）：英国 FCA 查 register.fca.org.uk，澳大利亚 ASIC 查 ASIC 专业登记册，美国查 NFA 的 BASIC 系统，塞浦路斯查 cysec.gov.cy 的受监管实体列表；\n3. 核对状态是否为有效授权、业务范围是否包含外汇/差价合约、登记的网址和电话是否与您使用的一致；\n4. 查看监管机构的警示名单，留意“克隆公司”（冒用正规公司名称和编号）。\n\n本站右侧的排行榜也会显示每家经纪商的牌照数量，可以作为参考，但最终请以监管机构官网为准。',
    ],
    en: [
      "How do I check a forex broker's licence?",
      "Check it yourself rather than trusting the broker's own site:\n\n1. Find the full legal name and licence number of the company you would contract with (site footer or client agreement).\n2. Open the regulator's own website yourself, not through a link the broker gives: the FCA Financial Services Register (register.fca.org.uk) in the UK, ASIC's professional registers in Australia, NFA BASIC in the US, the list of regulated entities on cysec.gov.cy in Cyprus.\n3. Confirm the status is authorised/current, the permissions cover forex or CFDs, and the website and phone number on the register match the ones you use.\n4. Look at the regulator's warning list and watch for clone firms that copy a real firm's name and number.\n\nThe ranking on the right of this site shows how many licences each broker holds, a useful start, but the regulator's register is the final word.",
    ],
    alsoAsked: {
      zh: ['查牌照', '查监管', '平台有没有监管', '验证牌照真假', '监管号查询', '确认是否受监管'],
      en: ['verify a licence', 'is this broker regulated', 'check regulation', 'license', 'licensed', 'licence number lookup', 'regulator register'],
    },
  },
  {
    id: 'fca',
    zh: [
      '如何在英国 FCA 官网查询经纪商？',
      '打开 FCA 金融服务登记册 register.fca.org.uk，按公司名称或 FRN（公司参考编号）搜索，然后检查：\n\n- 状态为 Authorised（已授权）；\n- 许可业务中包含与差价合约/外汇相关的投资业务；\n- 登记的网址、电话和地址与您使用的完全一致——不一致很可能是克隆公司；\n- 页面上是否有关于该公司的警告。\n\n另外可以在 FCA Warning List 中搜索平台名称。受 FCA 监管的零售客户享有负余额保护，公司破产时还可能获得 FSCS 赔偿。',
    ],
    en: [
      'How do I check a broker on the UK FCA register?',
      "Open the FCA Financial Services Register at register.fca.org.uk and search by firm name or FRN (Firm Reference Number). Then check that:\n\n- the status is Authorised;\n- its permissions include investment business relevant to CFDs/forex;\n- the website, phone and address on the register exactly match the ones you use (a mismatch often means a clone firm);\n- there are no warnings about the firm.\n\nAlso search the broker's name on the FCA Warning List. Retail clients of FCA-regulated firms get negative balance protection and may be covered by the FSCS if the firm fails.",
    ],
    alsoAsked: {
      zh: ['英国监管', 'FCA查询', 'FRN编号'],
      en: ['FCA register', 'UK regulated', 'FRN'],
    },
  },
  {
    id: 'asic',
    zh: [
      '如何在澳大利亚 ASIC 查询经纪商？',
      '在 ASIC 官网（asic.gov.au）进入“Search ASIC registers”，选择专业登记册中的 AFS 持牌人（Australian Financial Services Licensee），按公司名称或 AFSL 编号搜索。\n\n确认牌照状态为有效（Current），授权范围包含衍生品/外汇，并且可以为零售客户提供服务。注意 ASIC 的牌照只覆盖澳大利亚实体：很多集团的海外客户是由另一家离岸公司签约的，开户时要看清合同上的公司名称。ASIC 规定零售客户主要货币对杠杆最高 30 倍。',
    ],
    en: [
      'How do I check a broker with ASIC in Australia?',
      "On asic.gov.au open \"Search ASIC registers\", choose the professional registers for Australian Financial Services (AFS) licensees, and search by company name or AFSL number.\n\nConfirm the licence is Current, that its authorisations cover derivatives/foreign exchange, and that it may deal with retail clients. An ASIC licence only covers the Australian company: many groups sign up overseas clients through a separate offshore company, so read the company name in your client agreement. ASIC caps retail leverage on major currency pairs at 30:1.",
    ],
    alsoAsked: {
      zh: ['澳洲监管', '澳大利亚监管', 'AFSL'],
      en: ['Australian regulation', 'AFSL number'],
    },
  },
  {
    id: 'nfa',
    zh: [
      '如何在美国 NFA 查询经纪商？',
      '在美国，向零售客户提供外汇交易的公司必须在 CFTC 注册为零售外汇交易商（RFED）或期货佣金商（FCM），并成为 NFA 会员。\n\n打开 NFA 官网（nfa.futures.org）的 BASIC 查询系统，按公司名称或 NFA ID 搜索，确认其 NFA 会员状态为已批准（Approved），注册类别包含 Forex Dealer Member，并查看是否有监管处罚记录。仅“注册”为其他类别或已失效的公司不能合法向美国客户提供外汇交易。美国对主要货币对的杠杆上限为 50 倍。',
    ],
    en: [
      'How do I check a broker with the NFA in the US?',
      "In the US a firm offering forex to retail clients must be registered with the CFTC as a Retail Foreign Exchange Dealer (RFED) or Futures Commission Merchant (FCM) and be an NFA member.\n\nUse NFA BASIC on nfa.futures.org: search by firm name or NFA ID, check that its NFA membership is Approved and that it is a Forex Dealer Member, and read any regulatory actions listed. A firm registered only in another category, or whose status has lapsed, may not offer forex to US clients. US leverage on major pairs is capped at 50:1.",
    ],
    alsoAsked: {
      zh: ['美国监管', 'CFTC', 'NFA编号'],
      en: ['US regulation', 'CFTC', 'NFA ID'],
    },
  },
  {
    id: 'cysec',
    zh: [
      '如何在塞浦路斯 CySEC 查询经纪商？',
      '打开 CySEC 官网 cysec.gov.cy，进入受监管实体（Regulated Entities）中的投资公司（Investment Firms，简称 CIF）列表，按公司名称或牌照号（形如 123/10）查找，并核对登记的网址是否与您使用的一致。\n\nCySEC 持牌公司可以通过欧盟“通行证”为其他欧盟国家客户服务，零售客户受 ESMA 规则保护：主要货币对杠杆最高 30 倍、负余额保护，公司倒闭时投资者赔偿基金（ICF）最高赔付 2 万欧元。',
    ],
    en: [
      'How do I check a broker with CySEC in Cyprus?',
      "On cysec.gov.cy open Regulated Entities, then Investment Firms (CIFs), and look the company up by name or licence number (like 123/10). Check that the websites listed match the one you use.\n\nCySEC-licensed firms may serve clients across the EU through passporting, and retail clients are protected by ESMA rules: leverage up to 30:1 on major pairs, negative balance protection, and up to €20,000 from the Investor Compensation Fund (ICF) if the firm fails.",
    ],
    alsoAsked: {
      zh: ['塞浦路斯监管', '欧盟监管', 'CIF'],
      en: ['Cyprus regulation', 'EU regulated broker'],
    },
  },
  {
    id: 'offshore',
    zh: [
      '什么是离岸监管？离岸牌照可靠吗？',
      '离岸监管指在监管要求较宽松的地区取得的牌照，例如瓦努阿图、塞舌尔、毛里求斯、巴哈马等地。这些牌照的资本金要求低、检查少，通常没有投资者赔偿计划，出现纠纷时很难维权。\n\n有些地方甚至根本不监管外汇业务，例如圣文森特和格林纳丁斯（SVG）的金融服务管理局明确表示不为外汇交易发牌，在那里注册的公司只是“注册公司”而非“持牌”。只有离岸牌照的平台风险明显更高，建议优先选择受 FCA、ASIC、CySEC、NFA 等严格监管的实体开户。',
    ],
    en: [
      'What is offshore regulation, and can I rely on an offshore licence?',
      'An offshore licence comes from a place with light rules, such as Vanuatu, Seychelles, Mauritius or the Bahamas. Capital requirements are low, inspections rare, there is usually no compensation scheme, and disputes are hard to win.\n\nSome places do not regulate forex at all: the Financial Services Authority of St Vincent and the Grenadines states that it does not license forex trading, so a company there is merely registered, not licensed. A broker with only an offshore licence is clearly riskier; prefer opening your account with an entity regulated by the FCA, ASIC, CySEC, NFA or a regulator of similar standing.',
    ],
    alsoAsked: {
      zh: ['离岸', '瓦努阿图牌照', '塞舌尔牌照', 'SVG注册', '离岸平台'],
      en: ['offshore broker', 'Vanuatu licence', 'Seychelles licence', 'St Vincent registered'],
    },
  },
  {
    id: 'safety',
    zh: [
      '如何判断一个外汇平台是否安全、靠谱？',
      '没有任何平台能保证资金绝对安全，但可以从下面几点判断风险高低：\n\n1. 监管：是否受 FCA、ASIC、CySEC、NFA 等严格监管机构监管，而且与您签约的公司就是持牌主体（到监管机构官网核实，不要只看平台宣传）；\n2. 资金保障：是否隔离存放客户资金，是否提供负余额保护和投资者赔偿计划；\n3. 信息透明：公司全称、地址、收费标准和风险披露是否公开清楚；\n4. 出入金：是否只接受本人账户的入金，出金是否顺畅（可以先小额试出金）；\n5. 警示和口碑：在监管机构的警示名单和本站排行榜的“问题平台”标签中搜索，留意大量出金投诉。\n\n承诺稳赚、高额返佣或催促入金的平台，说得再好听也应远离。本站的信息仅供参考，不构成投资建议。',
    ],
    en: [
      'How can I tell whether a forex broker is safe and trustworthy?',
      "No broker can guarantee that your money is completely safe, but these checks tell you how much risk you are taking:\n\n1. Regulation: is it regulated by a strict regulator such as the FCA, ASIC, CySEC or NFA, and is the company you sign with the licensed one? Check on the regulator's website, not in the broker's marketing.\n2. Protection of your money: segregated client funds, negative balance protection and an investor compensation scheme.\n3. Transparency: the full company name, address, fees and risk disclosures are clearly published.\n4. Deposits and withdrawals: it accepts money only from accounts in your name, and withdrawals go through smoothly (test with a small one first).\n5. Warnings and reputation: search the regulator's warning list and the Problem platforms tab of this site's ranking, and watch for many complaints about withdrawals.\n\nStay away from any broker that promises guaranteed profits, offers large bonuses or rebates, or pushes you to deposit more, however convincing it sounds. Information on this site is general and is not investment advice.",
    ],
    alsoAsked: {
      zh: ['平台安全吗', '平台靠谱吗', '是不是正规平台', '值得信任吗', '资金安全', '怎么选外汇平台', '选择经纪商'],
      en: ['is it safe', 'safe broker', 'trustworthy', 'reliable', 'legit', 'trust a broker', 'choose a broker'],
    },
  },
  {
    id: 'ranking-tabs',
    zh: [
      '右侧排行榜的四个标签分别是什么意思？',
      '右侧面板有四个排行榜标签：\n\n- 综合排名：经纪商的整体排名，是最常用的入口；\n- 交易环境：侧重交易条件，如执行、点差和交易服务器；\n- 问题平台：被曝光存在问题或风险的平台，遇到请格外谨慎；\n- 热搜：近期大家搜索最多的经纪商，热度高不代表安全。\n\n表格中会显示每家经纪商的牌照数量、服务器数量和可交易货币数量，点击可查看详情。排行榜只是参考，开户前请务必到监管机构官网核实牌照。',
    ],
    en: [
      'What do the four ranking tabs on the right mean?',
      'The panel on the right has four tabs:\n\n- Global ranking: the overall ranking of brokers, the usual place to start;\n- Trading environment: focuses on trading conditions such as execution, spreads and trading servers;\n- Problem platforms: platforms reported for problems or risks, so be very careful with them;\n- Hot search: the brokers people search for most right now; popular does not mean safe.\n\nEach row shows the number of licences, trading servers and currencies; open a row for details. Rankings are a starting point: always verify the licence on the regulator\'s own website before opening an account.',
    ],
    alsoAsked: {
      zh: ['排行榜标签', '综合排名和热搜标签是什么'],
      en: ['ranking tabs', 'global ranking and hot search tabs'],
    },
  },
  {
    id: 'open-account',
    zh: [
      '如何在外汇经纪商开户？需要准备哪些材料？',
      '开户前，先到监管机构官网核实平台的牌照（见“如何查询外汇经纪商的监管牌照？”），并且只通过监管登记册上列出的官网或官方 App 开户，不要用陌生人发来的链接。\n\n一般流程：\n\n1. 在官网填写注册信息，选择账户类型（如标准账户、ECN 账户）和交易平台（如 MT4/MT5）；\n2. 阅读客户协议和风险披露，确认签约公司的全称就是您核实过的持牌公司；\n3. 上传材料完成身份验证（KYC），并回答关于交易经验和财务状况的问卷；\n4. 审核通过后再入金、开始交易。\n\n常见材料：\n\n- 身份证明：有效期内的身份证或护照；\n- 地址证明：近期（通常 3 个月内）的银行对账单或水电费账单，上面要有您的姓名和住址；\n- 部分平台还会询问职业、收入和资金来源。\n\n审核一般需要几小时到几个工作日。正规平台只通过官网或 App 收集证件；如果有人要求您把证件发到私人社交账号，请提高警惕。新手可以先用模拟账户熟悉操作。',
    ],
    en: [
      'How do I open an account with a forex broker, and what documents do I need?',
      "Before you open an account, check the broker's licence on the regulator's own website (see \"How do I check a forex broker's licence?\"), and sign up only through the website or app listed on the regulator's register, never through a link a stranger sends you.\n\nThe usual steps:\n\n1. Register on the broker's website and choose an account type (such as standard or ECN) and a trading platform (such as MT4/MT5).\n2. Read the client agreement and risk disclosure, and check that the company named in them is the licensed company you verified.\n3. Upload your documents for identity verification (KYC) and answer the questions about your trading experience and finances.\n4. Once you are approved, deposit and start trading.\n\nDocuments usually asked for:\n\n- proof of identity: a valid passport or national ID card;\n- proof of address: a recent bank statement or utility bill (usually from the last 3 months) showing your name and address;\n- some brokers also ask about your job, income and source of funds.\n\nApproval takes from a few hours to a few business days. Regulated brokers collect documents only through their website or app; be wary of anyone asking you to send your ID over a private messaging app. A demo account is a good way to learn the platform first.",
    ],
    alsoAsked: {
      zh: ['开户', '注册账户', '注册交易账号', '开户流程', '开户材料', '开户要什么证件', '身份证', '护照', '地址证明', '实名认证', 'KYC', '开真实账户'],
      en: ['open an account', 'sign up', 'register an account', 'account opening', 'documents needed', 'ID', 'passport', 'proof of address', 'KYC', 'verify my identity'],
    },
  },
  {
    id: 'deposit',
    zh: [
      '如何入金？入金一般多久到账？',
      '入金就是把钱转入您的交易账户。常见方式和大致到账时间（以平台的说明为准）：\n\n- 银行卡、电子钱包：通常几分钟到几小时；\n- 银行电汇：通常 1 至 5 个工作日，跨境汇款可能更久；\n- 本地支付渠道：各平台不同，请看平台的入金页面。\n\n入金前请注意：\n\n- 收款方应是您核实过牌照的公司（或它的客户资金账户），不要转账到个人账户，也不要按“客服”的要求用加密货币付款；\n- 使用本人名下的银行账户或卡，出金时资金通常要原路退回；\n- 了解入金手续费、银行汇款费用和货币兑换费用；\n- 先小额入金，并试一次小额出金，确认流程正常再继续。\n\n超过平台说明的时间仍未到账，请保留汇款凭证，通过官网列出的渠道联系平台核查。如果对方要求先“补缴费用”才能到账，很可能是诈骗。',
    ],
    en: [
      'How do I deposit money, and how long does a deposit take?',
      "Depositing means moving money into your trading account. Common methods and typical times (the broker's own page has the details):\n\n- cards and e-wallets: usually minutes to a few hours;\n- bank wire: usually 1 to 5 business days, longer across borders;\n- local payment methods: these vary by broker.\n\nBefore you deposit:\n\n- pay only the licensed company you verified (or its client-money account), never a personal bank account, and do not pay in cryptocurrency because a \"support agent\" tells you to;\n- use a bank account or card in your own name; withdrawals usually have to go back the same way;\n- check the deposit fee, your bank's charges and any currency conversion cost;\n- start small, and try a small withdrawal to make sure the process works before adding more.\n\nIf the money has not arrived after the time the broker states, keep the payment receipt and contact the broker through the channels on its official website. If you are asked to pay an extra \"fee\" before a deposit shows up, it is very likely a scam.",
    ],
    alsoAsked: {
      zh: ['入金', '存款', '充值', '存钱', '汇款', '入金方式', '入金多久到账', '入金没到账', '怎么把钱转进交易账户'],
      en: ['deposit', 'fund my account', 'add money', 'top up', 'deposit methods', 'deposit time', 'deposit not received', 'card payment', 'bank transfer'],
    },
  },
  {
    id: 'spread',
    zh: [
      '什么是点差？点和手又是什么？',
      '点差是买入价（Ask）和卖出价（Bid）之间的差额，是交易的主要成本之一。例如 EUR/USD 报价 1.1000/1.1001，点差就是 1 点（pip）。\n\n- 点（pip）：大多数货币对是小数点后第四位（0.0001），日元货币对是第二位（0.01）；\n- 手（lot）：标准手为 10 万单位基础货币，迷你手 1 万，微型手 1000；EUR/USD 一标准手每点约 10 美元。\n\n点差分固定和浮动两种，浮动点差在重要数据公布、流动性差（如凌晨换日）时会明显扩大。比较成本时要把点差和佣金加在一起看。',
    ],
    en: [
      'What is a spread, and what are pips and lots?',
      'The spread is the gap between the buy (ask) and sell (bid) price, and one of the main costs of a trade. If EUR/USD is quoted 1.1000/1.1001, the spread is 1 pip.\n\n- Pip: the fourth decimal place for most pairs (0.0001), the second for yen pairs (0.01);\n- Lot: a standard lot is 100,000 units of the base currency, a mini lot 10,000, a micro lot 1,000; one standard lot of EUR/USD moves about $10 per pip.\n\nSpreads are fixed or floating; floating spreads widen around major news and in thin markets such as the daily rollover. Compare costs as spread plus commission.',
    ],
    alsoAsked: {
      zh: ['点差', '点值', '一手', '标准手', '一个点多少钱', '买卖价差'],
      en: ['spread', 'pip value', 'lot size', 'standard lot', 'bid ask'],
    },
  },
  {
    id: 'fees',
    zh: [
      '外汇交易有哪些费用？点差、手续费和佣金怎么收？',
      '外汇交易的成本主要有以下几项，开户前请在平台官网或客户协议里查看完整的收费表：\n\n- 点差：买入价与卖出价之差，开仓时就已产生（见“什么是点差？”）；\n- 佣金（手续费）：ECN、RAW 等账户的点差较低，但按交易手数另收佣金，通常按每标准手报价；标准账户一般不单独收佣金，成本已包含在较宽的点差里；\n- 隔夜利息（掉期、Swap）：持仓过夜时按两种货币的利差收取或支付，多数货币对在周三一次计算三天（覆盖周末）；\n- 其他费用：部分平台收取入金或出金手续费、货币兑换费，或对长期不活跃的账户收取管理费。\n\n比较平台时，请把点差和佣金加在一起，算出每手交易的总成本。“零点差”“零佣金”不等于没有成本；远低于同行的报价也可能伴随滑点、重新报价或出金限制。',
    ],
    en: [
      'What does forex trading cost, and how are spreads, fees and commissions charged?',
      "These are the main costs of trading forex; before opening an account, read the full fee schedule on the broker's website or in the client agreement:\n\n- spread: the gap between the buy and sell price, paid as soon as you open a trade (see \"What is a spread?\");\n- commission: ECN or raw-spread accounts have tighter spreads but charge a commission on each lot traded, usually quoted per standard lot; standard accounts usually charge no separate commission, the cost being in a wider spread;\n- swap (overnight financing): a position held overnight earns or pays the interest difference between the two currencies; for most pairs three days are charged on Wednesday to cover the weekend;\n- other fees: some brokers charge for deposits or withdrawals, for currency conversion, or for inactive accounts.\n\nTo compare brokers, add the spread and the commission together for the total cost per lot. \"Zero spread\" or \"no commission\" does not mean no cost, and prices far below other brokers' may come with slippage, requotes or withdrawal limits.",
    ],
    alsoAsked: {
      zh: ['手续费', '佣金', '交易费用', '交易成本', '收费标准', '隔夜利息', '隔夜费', '掉期', '库存费', '出金手续费'],
      en: ['fees', 'commission', 'trading costs', 'charges', 'swap', 'overnight fee', 'rollover', 'pricing', 'cost per lot'],
    },
  },
  {
    id: 'leverage-risk',
    zh: [
      '外汇杠杆交易有哪些风险？',
      '杠杆让您用较少的保证金控制较大的仓位，但盈亏都会按仓位放大：\n\n- 100 倍杠杆时，价格反向波动 1% 就会亏掉全部保证金；\n- 行情剧烈波动或跳空时，止损可能无法按设定价格成交（滑点）；\n- 保证金不足会触发追加保证金通知，继续下跌会被强制平仓；\n- 在没有负余额保护的平台，亏损甚至可能超过账户本金。\n\n监管机构因此限制零售客户的杠杆：欧盟 ESMA 和澳大利亚 ASIC 主要货币对最高 30 倍，美国最高 50 倍。建议使用低杠杆、每笔交易都设止损、只用亏得起的钱交易，并先用模拟账户练习。',
    ],
    en: [
      'What are the risks of leveraged forex trading?',
      "Leverage lets a small margin control a large position, but gains and losses grow with the position:\n\n- at 100:1, a 1% move against you wipes out the whole margin;\n- in fast markets or price gaps, a stop-loss may fill at a worse price (slippage);\n- when margin runs low you get a margin call, and further losses trigger a stop-out that closes positions;\n- without negative balance protection you can lose more than your deposit.\n\nThat is why regulators cap retail leverage: 30:1 on major pairs under ESMA (EU) and ASIC (Australia), 50:1 in the US. Use low leverage, set a stop-loss on every trade, trade only money you can afford to lose, and practise on a demo account first.",
    ],
    alsoAsked: {
      zh: ['杠杆', '杠杆是什么', '杠杆倍数', '多少倍杠杆合适', '高杠杆', '杠杆风险'],
      en: ['leverage', 'what is leverage', 'how much leverage', 'high leverage', 'leverage ratio', 'margin trading risk'],
    },
  },
  {
    id: 'margin-call',
    zh: [
      '什么是追加保证金和强制平仓？',
      '开仓时需要占用一部分资金作为保证金。保证金比例 = 净值 ÷ 已用保证金 × 100%。\n\n- 追加保证金（Margin Call）：比例跌到平台设定的水平（常见 100%）时会提醒您，此时不能再开新仓；\n- 强制平仓（Stop Out）：比例继续跌到更低水平时，平台会从亏损最大的仓位开始自动平仓。欧盟、英国和澳大利亚对零售客户规定，比例跌到 50% 时必须平仓。\n\n避免被强平的办法：控制仓位和杠杆、设置止损、账户里留足可用保证金。',
    ],
    en: [
      'What are a margin call and a stop-out?',
      'Opening a position ties up part of your money as margin. Margin level = equity ÷ used margin × 100%.\n\n- Margin call: when the level falls to the broker\'s threshold (often 100%) you are warned and cannot open new positions;\n- Stop-out: if it falls further, the platform closes positions automatically, starting with the biggest loser. For retail clients in the EU, UK and Australia, positions must be closed once the level reaches 50%.\n\nTo avoid it: keep positions and leverage small, use stop-losses and leave enough free margin in the account.',
    ],
    alsoAsked: {
      zh: ['爆仓', '强平', '保证金不足', '保证金比例', '被强制平仓'],
      en: ['margin level', 'liquidated', 'positions closed automatically', 'stop out level'],
    },
  },
  {
    id: 'problem-platform',
    zh: [
      '怎样识别问题平台？',
      '出现下面任何一条，都要高度警惕：\n\n- 查不到牌照、只有离岸牌照，或监管机构登记的网址和联系方式与平台不一致（克隆公司）；\n- 承诺保本、稳赚、高额固定收益，或用大额赠金吸引入金；\n- 通过社交软件、交友或“老师带单”群拉您开户，催促加仓；\n- 要求转账到个人账户或用加密货币入金；\n- 出金时以“税费”“保证金”“账户冻结”等理由要求先交钱；\n- 交易软件不是从官网或正规渠道下载，MT4/MT5 服务器名称与持牌公司不符。\n\n本站排行榜的“问题平台”标签列出了被曝光的平台，可以先搜索确认。',
    ],
    en: [
      'How can I spot a problem platform?',
      'Be very careful if you see any of these:\n\n- no licence you can verify, only an offshore licence, or register details that differ from the platform\'s own (a clone firm);\n- promises of guaranteed or fixed high returns, or large deposit bonuses;\n- contact through social media, dating apps or "trading mentor" groups that push you to deposit more;\n- requests to pay into a personal bank account or in cryptocurrency;\n- demands to pay "taxes", "fees" or "deposits" before a withdrawal is released;\n- trading apps not from the official site or app store, or an MT4/MT5 server whose name does not match the licensed company.\n\nThe Problem platforms tab of the ranking on this site lists reported platforms; search there first.',
    ],
    alsoAsked: {
      zh: ['黑平台', '骗子平台', '诈骗平台', '杀猪盘', '老师带单', '识别骗局'],
      en: ['scam broker', 'fraud', 'fake broker', 'warning signs', 'red flags', 'is it a scam'],
    },
  },
  {
    id: 'clone-firm',
    zh: [
      '什么是克隆公司（套牌平台）？',
      '克隆公司是冒用正规持牌公司的名称、牌照号甚至地址来骗取信任的诈骗平台。它们在监管网站上“查得到”，但登记的并不是它们。\n\n识别方法：在监管机构官网查询后，逐项核对登记的网址、电话、邮箱是否与您使用的一致；只通过登记册上的联系方式联系公司确认；查看监管机构的克隆公司警告（FCA 会在登记册上标注 Clone）。任何一项对不上，都不要入金。',
    ],
    en: [
      'What is a clone firm?',
      "A clone firm is a scam that copies a real licensed firm's name, licence number and even address to win your trust. It shows up on the regulator's register, but the entry is not really theirs.\n\nTo catch one: after finding the firm on the regulator's site, check that the website, phone and email listed there match the ones you are using; contact the firm only through the details on the register to confirm; and look for the regulator's clone warnings (the FCA marks them as Clone on its register). If anything does not match, do not deposit.",
    ],
    alsoAsked: {
      zh: ['套牌', '克隆公司', '冒牌公司', '假冒正规公司'],
      en: ['clone broker', 'cloned firm', 'impersonating a regulated firm'],
    },
  },
  {
    id: 'complaint',
    zh: [
      '如何投诉外汇平台？',
      '1. 先保存证据：开户资料、合同、入金和出金记录、交易记录截图、聊天记录和邮件；\n2. 以书面形式（邮件）向平台的投诉部门正式投诉，写清诉求并保留回复，正规平台有规定的处理时限（英国为 8 周）；\n3. 平台不处理或结果不满意，再向监管机构或申诉机构投诉：英国找金融申诉专员服务（FOS），澳大利亚找 AFCA，塞浦路斯找金融申诉专员，美国可向 NFA 或 CFTC 投诉；\n4. 涉嫌诈骗的无牌平台，应尽快向当地警方报案。\n\n也可以通过本站左侧的“投诉”入口提交曝光，提醒其他投资者。',
    ],
    en: [
      'How do I file a complaint against a forex broker?',
      "1. Keep evidence: account documents, the agreement, deposit and withdrawal records, screenshots of trades, chats and emails.\n2. Complain to the broker's complaints department in writing (email), state what you want, and keep their replies; regulated firms must answer within set deadlines (8 weeks in the UK).\n3. If that fails, go to the regulator or ombudsman: the Financial Ombudsman Service in the UK, AFCA in Australia, the Financial Ombudsman of Cyprus, or the NFA or CFTC in the US.\n4. For a suspected scam by an unlicensed platform, report it to the police as soon as possible.\n\nYou can also report it through the Complaints link in the left sidebar of this site to warn other traders.",
    ],
    alsoAsked: {
      zh: ['投诉', '举报', '维权', '申诉', '被骗了怎么办', '追回资金', '去哪里投诉'],
      en: ['complain', 'report a broker', 'report a scam', 'ombudsman', 'dispute', 'get my money back', 'file a complaint'],
    },
  },
  {
    id: 'withdrawal',
    zh: [
      '如何安全出金？出金被拒怎么办？',
      '安全出金的要点：\n\n- 开户后尽早完成身份验证（KYC），避免出金时才被要求补材料；\n- 原路出金：按反洗钱规定，资金通常只能退回入金时使用的账户或卡；\n- 先小额试出金，确认能正常到账再继续交易或加大资金；\n- 保留所有入金、出金凭证和与客服的沟通记录。\n\n到账时间因平台和方式而异：平台审核一般需要一到几个工作日，银行电汇另需几个工作日，电子钱包通常更快。\n\n如果出金被拒或长期拖延，先书面要求平台说明理由和时限；若对方要求先缴“税费”“解冻费”“保证金”才能出金，这几乎一定是诈骗，不要再付任何钱，并尽快向监管机构投诉、向警方报案。',
    ],
    en: [
      'How do I withdraw money safely, and what if a withdrawal is refused?',
      'To withdraw safely:\n\n- complete identity verification (KYC) early, so you are not asked for documents only when you want your money;\n- withdraw to the same account or card you deposited from, which anti-money-laundering rules usually require;\n- test with a small withdrawal first and confirm it arrives before trading more;\n- keep every deposit and withdrawal record and your messages with support.\n\nHow long it takes depends on the broker and the method: the broker\'s own processing usually takes one to a few business days, a bank wire a few more, and e-wallets are often faster.\n\nIf a withdrawal is refused or keeps being delayed, ask in writing for the reason and a date. If you are told to pay a "tax", "unfreezing fee" or "deposit" before you can withdraw, it is almost certainly a scam: pay nothing more, complain to the regulator and report it to the police.',
    ],
    alsoAsked: {
      zh: ['出金', '提现', '取款', '提款', '出金多久到账', '出金被拒', '出金不到账', '钱取不出来'],
      en: ['withdraw', 'withdrawal', 'cash out', 'take money out', 'withdrawal pending', 'withdrawal refused', 'withdrawal time'],
    },
  },
  {
    id: 'mt4-mt5',
    zh: [
      '什么是 MT4/MT5 服务器？如何核实？',
      'MT4 和 MT5 是 MetaQuotes 公司开发的交易软件，经纪商购买授权后搭建自己的交易服务器。登录时选择的服务器名称（如“某某-Live”）就代表资金和订单由哪家公司处理。\n\n核实方法：\n\n- 从经纪商官网或正规应用商店下载软件，不要用别人发来的安装包或链接；\n- 登录窗口里的服务器名称和公司名称，应与您核实过牌照的持牌主体一致；\n- 警惕“白标”或冒牌服务器：名称相似但公司不同。\n\nMT5 是 MT4 的后续版本，支持更多品种、时间周期和挂单类型；两者账户互不通用。本站排行榜会显示各经纪商的服务器数量。',
    ],
    en: [
      'What are MT4/MT5 servers, and how do I check one?',
      'MT4 and MT5 are trading platforms made by MetaQuotes; brokers license them and run their own trading servers. The server you pick at login (like "BrokerName-Live") tells you which company handles your money and orders.\n\nTo check:\n\n- download the platform from the broker\'s official site or an official app store, never from a file or link someone sends you;\n- the server and company names shown at login should match the licensed company you verified;\n- beware of white-label or fake servers with a similar name but a different company.\n\nMT5 is the successor of MT4, with more markets, timeframes and order types; accounts do not carry over between the two. The ranking on this site shows how many servers each broker runs.',
    ],
    alsoAsked: {
      zh: ['MT4', 'MT5', 'MT4和MT5的区别', '交易软件', '下载MT4', '服务器名称'],
      en: ['MetaTrader', 'MT4 vs MT5', 'trading software', 'download MT4'],
    },
  },
  {
    id: 'segregation',
    zh: [
      '什么是客户资金隔离和投资者赔偿？',
      '客户资金隔离是指经纪商必须把客户的钱存放在独立的银行账户中，与公司自有资金分开，公司不能用它来经营或还债。这是受严格监管的平台的基本要求。\n\n投资者赔偿计划在持牌公司破产且无法退还客户资金时提供保障，例如英国的 FSCS 最高 8.5 万英镑、塞浦路斯的 ICF 最高 2 万欧元。赔偿只覆盖在该监管下开户的客户：在同一集团的离岸公司开户并不受保护。开户时请确认合同上的公司名称。',
    ],
    en: [
      'What are segregated client funds and investor compensation?',
      "Segregation means the broker must keep clients' money in separate bank accounts, apart from its own, and may not use it to run the business or pay its debts. Every strictly regulated broker must do this.\n\nCompensation schemes step in when a licensed firm fails and cannot return client money: up to £85,000 from the UK's FSCS, up to €20,000 from Cyprus's ICF. Cover applies only to clients of the regulated company; an account with the same group's offshore company is not protected, so check the company name on your agreement.",
    ],
    alsoAsked: {
      zh: ['资金隔离', '平台倒闭', '平台破产', '赔偿', '资金保障'],
      en: ['broker goes bust', 'broker bankrupt', 'compensation scheme', 'FSCS', 'client money protection'],
    },
  },
];
