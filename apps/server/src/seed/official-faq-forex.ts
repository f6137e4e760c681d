import type { FaqEntry } from './official-faq.js';

/** Forex-broker basics the site is about: regulation, rankings, trading costs and risks, disputes. */
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
  },
  {
    id: 'withdrawal',
    zh: [
      '如何安全出金？出金被拒怎么办？',
      '安全出金的要点：\n\n- 开户后尽早完成身份验证（KYC），避免出金时才被要求补材料；\n- 原路出金：按反洗钱规定，资金通常只能退回入金时使用的账户或卡；\n- 先小额试出金，确认能正常到账再继续交易或加大资金；\n- 保留所有入金、出金凭证和与客服的沟通记录。\n\n如果出金被拒或长期拖延，先书面要求平台说明理由和时限；若对方要求先缴“税费”“解冻费”“保证金”才能出金，这几乎一定是诈骗，不要再付任何钱，并尽快向监管机构投诉、向警方报案。',
    ],
    en: [
      'How do I withdraw money safely, and what if a withdrawal is refused?',
      'To withdraw safely:\n\n- complete identity verification (KYC) early, so you are not asked for documents only when you want your money;\n- withdraw to the same account or card you deposited from, which anti-money-laundering rules usually require;\n- test with a small withdrawal first and confirm it arrives before trading more;\n- keep every deposit and withdrawal record and your messages with support.\n\nIf a withdrawal is refused or keeps being delayed, ask in writing for the reason and a date. If you are told to pay a "tax", "unfreezing fee" or "deposit" before you can withdraw, it is almost certainly a scam: pay nothing more, complain to the regulator and report it to the police.',
    ],
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
  },
];
