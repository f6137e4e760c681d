import type { ChatHistoryItem } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { agentsChatted } from './agents-chatted';

function historyItem(chatId: string, values: Pick<ChatHistoryItem, 'appId' | 'updateTime'> & Partial<ChatHistoryItem>): ChatHistoryItem {
  return { chatId, title: `Chat ${chatId}`, top: false, appName: 'Agent', appAvatarUrl: null, appDeleted: false, ...values };
}

describe('agentsChatted', () => {
  it('lists each agent once, most recently used first, resuming its latest chat', () => {
    const list = [
      historyItem('pinned-old', { appId: 'tutor', top: true, updateTime: '2025-01-01T00:00:00.000Z' }),
      historyItem('recent', { appId: 'writer', updateTime: '2025-03-01T00:00:00.000Z' }),
      historyItem('tutor-new', { appId: 'tutor', updateTime: '2025-02-01T00:00:00.000Z' }),
    ];
    expect(agentsChatted(list).map(({ latest, chats }) => [latest.appId, latest.chatId, chats])).toEqual([
      ['writer', 'recent', 1],
      ['tutor', 'tutor-new', 2],
    ]);
  });
});
