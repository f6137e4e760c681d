import type { ChatHistoryItem } from '@parley/contracts';

/** An agent I chatted with: its latest chat (the one to resume) and how many chats I have with it. */
export interface AgentChatted {
  latest: ChatHistoryItem;
  chats: number;
}

/** The agents of my history, the most recently used first (pinning orders chats, not agents). */
export function agentsChatted(list: ChatHistoryItem[]): AgentChatted[] {
  const byApp = new Map<string, AgentChatted>();
  for (const item of list) {
    const known = byApp.get(item.appId);
    if (!known) byApp.set(item.appId, { latest: item, chats: 1 });
    else byApp.set(item.appId, { latest: item.updateTime > known.latest.updateTime ? item : known.latest, chats: known.chats + 1 });
  }
  return [...byApp.values()].sort((a, b) => b.latest.updateTime.localeCompare(a.latest.updateTime));
}
