import { isLoggedIn, useSession } from '../../../stores/session-store';
import { useAgentsHistory } from '../api/get-agent-histories';
import { useOfficialHistory } from '../api/get-conversation-list';
import { ChatHistoryList } from './chat-history-list';

export interface SidebarHistoryProps {
  /** Closes the mobile sidebar after a chat was opened. */
  onNavigate?: () => void;
}

/** The official assistant's conversations, under 智能客服. Loads only for a logged-in user. */
export function OfficialHistory({ onNavigate }: SidebarHistoryProps) {
  const history = useOfficialHistory(useSession(isLoggedIn));
  return <ChatHistoryList kind="official" history={history} onNavigate={onNavigate} />;
}

/** The agents history, under 智能体, five per page. Loads only for a logged-in user. */
export function AgentsHistory({ onNavigate }: SidebarHistoryProps) {
  const history = useAgentsHistory(useSession(isLoggedIn));
  return <ChatHistoryList kind="agents" history={history} onNavigate={onNavigate} />;
}
