import { forexFaq } from './official-faq-forex.js';

/** One FAQ entry in both languages: [question, answer]. Each language is its own Q&A row. */
export interface FaqEntry {
  /** A stable name for the entry (the offline quality set labels questions with it); not shown. */
  id: string;
  zh: readonly [string, string];
  en: readonly [string, string];
  /**
   * Other ways people ask it and the words they use (synonyms, colloquial terms), per language.
   * Searched as part of the entry's question, so a question worded differently still finds it;
   * never shown.
   */
  alsoAsked?: { zh: readonly string[]; en: readonly string[] };
}

/** Using Parley: the assistant, agents, accounts, sharing and the chat screen. */
export const productFaq: readonly FaqEntry[] = [
  {
    id: 'assistant',
    zh: [
      '智能客服是什么？能帮我做什么？',
      '智能客服是 Parley 的官方助手。它可以：\n\n- 解答外汇经纪商相关的问题：监管牌照和查询方法、平台是否安全、开户、入金和出金、点差和手续费、杠杆风险、问题平台识别和投诉；\n- 介绍本站的使用方法：智能体、分享、上下文模式、提示词、主题和语言等。\n\n它的回答仅供参考，不构成投资建议。涉及资金的决定，请先自行核实平台的监管信息。',
    ],
    en: [
      'What is the official assistant (智能客服) and what can it help with?',
      "The official assistant is Parley's own customer-service assistant. It can:\n\n- answer questions about forex brokers: licences and regulation and how to check them, whether a broker is safe, opening an account, deposits and withdrawals, spreads and fees, leverage risk, spotting problem platforms and complaints;\n- explain how to use this site: agents, sharing, context mode, prompts, themes and languages.\n\nIts answers are general information, not investment advice. Before any decision about your money, verify the broker's regulation yourself.",
    ],
    alsoAsked: {
      zh: ['你是谁', '你能做什么', '能问你哪些问题', '客服助手有什么功能'],
      en: ['who are you', 'what can you do', 'what can I ask you', 'customer service assistant'],
    },
  },
  {
    id: 'agents',
    zh: [
      '智能体是什么？如何创建自己的智能体？',
      '智能体是社区用户创建的 AI 应用，每个智能体有自己的名字、头像、角色设定（系统提示词）、开场白和推荐问题，还可以上传知识库文件，回答时会标出引用的来源。\n\n创建步骤：\n\n1. 登录账号，进入“创建”页面；\n2. 填写名称、简介和角色设定，按需调整 temperature 和 top_p；\n3. 选择可见范围：私有（仅自己可用）、不公开（持有链接的人可用）或公开（在“智能体”列表中展示）；\n4. 保存后可在上传页面添加知识库文件。\n\n之后可以在“我的角色”中随时编辑或删除。',
    ],
    en: [
      'What are agents (智能体) and how do I create my own?',
      'Agents are AI apps made by community members. Each has its own name, avatar, role (system prompt), opening message and suggested questions, and can have knowledge files; answers that use them cite their sources.\n\nTo create one:\n\n1. Log in and open the Create page.\n2. Fill in the name, intro and role, and adjust temperature and top_p if you like.\n3. Choose who can use it: private (only you), unlisted (anyone with the link) or public (listed under Agents).\n4. Save, then add knowledge files on the upload page.\n\nYou can edit or delete it any time under My roles.',
    ],
    alsoAsked: {
      zh: ['智能体怎么用', '创建机器人', '做一个自己的AI助手', '自定义角色'],
      en: ['create a bot', 'build my own AI assistant', 'make a custom agent', 'what is an agent'],
    },
  },
  {
    id: 'visitor-vs-account',
    zh: [
      '游客和注册用户有什么区别？',
      '不登录也可以直接使用：系统会为您的浏览器生成一个设备编号并发放游客令牌，聊天记录与这台设备绑定。游客每天的消息数量有上限。\n\n登录账号后：\n\n- 没有每日消息上限；\n- 可以创建和管理自己的智能体、查看智能体聊天记录和消息中心；\n- 聊天记录保存在账号下，换设备也能看到。\n\n清除浏览器数据会丢失游客身份，游客的聊天记录也就无法再打开。',
    ],
    en: [
      'What is the difference between using Parley as a visitor and with an account?',
      "You can chat without logging in: your browser gets a device number and a visitor token, and your chats are tied to that device. Visitors have a daily message limit.\n\nWith an account you also get:\n\n- no daily message limit;\n- your own agents, the agents chat history and the messages page;\n- chats saved to your account, so they follow you to other devices.\n\nClearing your browser data ends the visitor identity, and its chats can no longer be opened.",
    ],
    alsoAsked: {
      zh: ['不登录能用吗', '要不要登录', '登录有什么好处', '游客模式'],
      en: ['do I need to log in', 'why sign in', 'guest or registered user', 'use without an account'],
    },
  },
  {
    id: 'visitor-quota',
    zh: [
      '游客每天可以发送多少条消息？',
      '游客每天可以免费发送的消息数量有上限，默认是 50 条（站点管理员可以调整）。计数按 UTC 时间每天零点重置，重新生成回答也算一条消息。\n\n用完当天的额度后会看到提示，登录账号即可继续聊天，注册用户没有每日上限。',
    ],
    en: [
      'How many messages can a visitor send per day?',
      "Visitors have a daily allowance of free messages: 50 by default (the site operator can change it). The count resets at midnight UTC, and regenerating an answer counts as a message.\n\nWhen the day's allowance is used up you will see a notice; log in to keep chatting, since accounts have no daily limit.",
    ],
    alsoAsked: {
      zh: ['每天能发多少条消息', '消息次数限制', '额度用完了', '免费次数'],
      en: ['daily message limit', 'message limit reached', 'how many questions can I ask', 'free messages per day'],
    },
  },
  {
    id: 'share-agent',
    zh: [
      '如何分享我的智能体？',
      '打开智能体的聊天页面，点击分享按钮即可复制分享链接（形如 /share/分享号）。收到链接的人可以直接打开并与智能体对话。\n\n注意：私有智能体只有您自己能用，分享前请把可见范围改为“不公开”或“公开”。“不公开”的智能体只能通过链接访问，不会出现在智能体列表中。',
    ],
    en: [
      'How do I share my agent?',
      'Open the agent\'s chat page and use the share button to copy its link (it looks like /share/<number>). Anyone who opens the link can chat with the agent.\n\nA private agent can only be used by you, so before sharing set its visibility to unlisted or public. Unlisted agents are reachable by link only and do not appear in the Agents list.',
    ],
    alsoAsked: {
      zh: ['把智能体发给别人', '智能体分享链接'],
      en: ['send my agent to a friend', 'agent share link'],
    },
  },
  {
    id: 'share-chat',
    zh: [
      '如何分享一段对话？',
      '在聊天页面点击分享对话，系统会生成一个分享链接（/shareChat/分享码）。链接保存的是分享那一刻的对话快照：之后的新消息不会出现在分享页中，打开链接的人只能阅读，不能继续对话。\n\n不想再公开时，可以在分享列表中撤销链接，撤销后立即失效。分享前请确认对话中没有个人信息。',
    ],
    en: [
      'How do I share a conversation?',
      'In the chat screen choose Share conversation to get a link (/shareChat/<code>). The link holds a snapshot of the chat as it was when you shared it: later messages do not appear, and readers can only read, not continue the chat.\n\nYou can revoke a link in your list of shares; it stops working at once. Check that the conversation contains no personal information before you share it.',
    ],
    alsoAsked: {
      zh: ['分享聊天记录', '把对话发给别人', '对话分享链接', '撤销分享'],
      en: ['share a chat', 'send a chat link', 'revoke a shared link'],
    },
  },
  {
    id: 'stop-answer',
    zh: [
      '如何停止正在生成的回答？',
      '回答生成过程中，输入框旁会出现“停止回答”（Stop Responding）按钮，点击即可立即停止。已经生成的内容会保留下来并标记为“已停止”，关闭页面或断开网络也会停止生成。\n\n如果对停止后的回答不满意，可以点击“重新生成”。',
    ],
    en: [
      'How do I stop an answer while it is being written?',
      'While an answer is being generated, a Stop Responding button appears by the input; press it and generation stops at once. The text written so far is kept and marked as stopped. Closing the page or losing the connection stops it too.\n\nIf the stopped answer is not what you need, use Regenerate.',
    ],
    alsoAsked: {
      zh: ['停止生成', '中断回答', '让它别写了'],
      en: ['stop generating', 'cancel the answer', 'interrupt the reply'],
    },
  },
  {
    id: 'regenerate',
    zh: [
      '如何重新生成回答？',
      '在最后一条回答下点击“重新生成”，助手会针对同一个问题重新回答，新的回答会替换原来的回答。回答出错或被中途停止时，也可以用重新生成来重试。\n\n游客重新生成同样会计入每日消息数量。',
    ],
    en: [
      'How do I regenerate an answer?',
      'Press Regenerate under the last answer: the assistant answers the same question again and the new answer replaces the old one. If an answer failed or was stopped part way, regenerating retries it.\n\nFor visitors, a regenerated answer counts towards the daily message allowance.',
    ],
    alsoAsked: {
      zh: ['重新回答', '换一个回答', '再生成一次'],
      en: ['answer again', 'retry the answer', 'get a different answer'],
    },
  },
  {
    id: 'context-mode',
    zh: [
      '什么是上下文模式？',
      '上下文模式默认开启。开启时，发送问题会带上本次对话中之前的消息，助手能理解“刚才说的那个平台”这类追问；对话很长时，最早的消息会被省略，以符合模型的长度限制。\n\n关闭后，每个问题都单独回答，只使用系统设定、知识库和当前问题。切换话题时关闭它，回答会更聚焦，也更快。',
    ],
    en: [
      'What is context mode?',
      'Context mode is on by default. While it is on, each question is sent with the earlier messages of this chat, so follow-ups like "what about that broker?" are understood; in long chats the oldest messages are left out to fit the model\'s limit.\n\nWith it off, every question is answered on its own, from the system message, the knowledge base and the question only. Turning it off when you change topic gives more focused, faster answers.',
    ],
    alsoAsked: {
      zh: ['上下文', '连续对话', '多轮对话', '记住之前说的话'],
      en: ['conversation memory', 'follow-up questions', 'remember earlier messages'],
    },
  },
  {
    id: 'prompt-store',
    zh: [
      '提示词商店怎么用？在输入框输入“/”有什么作用？',
      '提示词商店用来保存常用的提问模板，分为“本地”和“在线”两个标签页。本地提示词可以新增、编辑、删除、清空，也可以用 JSON 导入和导出；在线提示词可以一键导入到本地，导入前请确认来源可信。\n\n聊天时在输入框输入“/”，会弹出提示词列表，继续输入可以筛选，选中后内容会填入输入框。按 Shift+Enter 可以换行。',
    ],
    en: [
      'How does the prompt store work, and what does "/" do in the input box?',
      'The prompt store keeps prompts you use often, in two tabs: Local and Online. Local prompts can be added, edited, deleted, cleared, and imported or exported as JSON; online prompts can be imported into your local list (check that the source is trustworthy first).\n\nIn the chat input, type "/" to open your prompts, keep typing to filter, and pick one to fill the input. Shift+Enter starts a new line.',
    ],
    alsoAsked: {
      zh: ['提示词', '斜杠命令', '常用提问模板', '导入提示词'],
      en: ['prompt templates', 'slash command', 'saved prompts'],
    },
  },
  {
    id: 'theme-language',
    zh: [
      '如何切换主题和界面语言？',
      '在“设置”的通用设置中可以修改：\n\n- 主题：浅色、深色或自动（跟随系统的深色模式设置）；\n- 语言：简体中文、繁體中文、English、Español、한국어、Русский、Tiếng Việt。\n\n修改会立即生效，并保存在当前浏览器中。',
    ],
    en: [
      'How do I change the theme and the interface language?',
      'Open Settings, General:\n\n- Theme: light, dark or auto (follows your system\'s dark mode);\n- Language: 简体中文, 繁體中文, English, Español, 한국어, Русский or Tiếng Việt.\n\nChanges apply at once and are saved in this browser.',
    ],
    alsoAsked: {
      zh: ['深色模式', '夜间模式', '切换语言', '英文界面', '繁体中文'],
      en: ['dark mode', 'night mode', 'change the language', 'switch to Chinese'],
    },
  },
  {
    id: 'export-chat',
    zh: [
      '如何导出聊天记录？',
      '在聊天页面点击导出按钮，确认后当前对话会被导出为一张 PNG 图片，保存到您的设备，方便存档或发给他人。\n\n如果希望别人打开后还能看到引用来源等完整内容，也可以使用“分享对话”生成链接。',
    ],
    en: [
      'How do I export a chat?',
      'In the chat screen press Export and confirm: the conversation is saved to your device as a PNG image, handy for keeping a record or sending to someone.\n\nIf you want others to see the full conversation with its sources as a page, share the conversation as a link instead.',
    ],
    alsoAsked: {
      zh: ['保存聊天记录', '导出成图片', '下载对话'],
      en: ['save the chat', 'download the conversation', 'export as an image'],
    },
  },
  {
    id: 'feedback',
    zh: [
      '回答下方的点赞和点踩按钮有什么用？',
      '每条回答下都可以点赞或点踩，再点一次可以取消，还可以补充文字说明哪里好、哪里不对。\n\n反馈会帮助改进回答：智能体的好评率会影响它在“最受好评”等列表中的排序，创建者也能据此了解智能体哪里需要补充知识。',
    ],
    en: [
      'What do the thumbs up and thumbs down buttons under an answer do?',
      'You can rate any answer with a thumbs up or down (press again to undo) and add a note saying what was good or wrong.\n\nFeedback helps answers improve: an agent\'s rating affects its place in lists such as best rated, and tells its creator where the agent needs better knowledge.',
    ],
    alsoAsked: {
      zh: ['点赞', '点踩', '评价回答', '反馈意见'],
      en: ['rate an answer', 'like or dislike', 'give feedback'],
    },
  },
  {
    id: 'privacy',
    zh: [
      '我的聊天记录会被保存吗？隐私如何保护？',
      '为了让您能继续之前的对话，聊天记录会保存在服务器上，并且是私密的：只有您自己（您的账号或游客设备）能查看。您可以随时删除单条消息、清空某个对话或删除对话；注销账号会删除账号下的所有数据。\n\n登录令牌只以哈希值的形式存储。分享的对话和智能体只对持有链接的人可见，也可以随时撤销。请不要在聊天中填写密码、银行卡号等敏感信息。详见隐私政策页面。',
    ],
    en: [
      'Are my chats saved, and how is my privacy protected?',
      'Chats are saved on the server so you can come back to them, and they are private: only you (your account or your visitor device) can open them. You can delete a message, clear a chat or delete it at any time; deleting your account deletes all of its data.\n\nLogin tokens are stored only as hashes. Shared conversations and agents are visible only to people with the link, and you can revoke a link. Please never type passwords or card numbers into a chat. See the Privacy page for details.',
    ],
    alsoAsked: {
      zh: ['隐私', '个人信息', '删除聊天记录', '数据保护'],
      en: ['data privacy', 'delete my data', 'personal information'],
    },
  },
  {
    id: 'knowledge-files',
    zh: [
      '如何给智能体上传知识库文件？',
      '在智能体的编辑页面进入知识库上传，支持 PDF、DOCX、TXT、MD、CSV 和 HTML 文件。文件会在后台解析并切分成段落，页面会显示处理进度；完成后，智能体回答时会检索这些内容并标出引用来源。\n\nCSV 文件可以用“问题, 答案”两列整理常见问答，效果最好。',
    ],
    en: [
      'How do I add knowledge files to my agent?',
      'From your agent\'s edit page open the knowledge upload. PDF, DOCX, TXT, MD, CSV and HTML files are accepted. Each file is parsed and split into passages in the background, with progress shown on the page; once ready, the agent searches them when answering and cites its sources.\n\nA CSV with two columns, question and answer, works best for FAQs.',
    ],
    alsoAsked: {
      zh: ['上传文件', '知识库', '上传PDF', '给智能体加资料'],
      en: ['upload files', 'knowledge base', 'upload a PDF or Word file'],
    },
  },
];

/** Every seeded FAQ entry, product first. */
export const officialFaq: readonly FaqEntry[] = [...productFaq, ...forexFaq];
