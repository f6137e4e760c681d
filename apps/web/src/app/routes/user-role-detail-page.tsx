import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AgentAnalyticsView } from '../../features/agent-analytics';
import { AgentKeysPanel } from '../../features/agent-keys';
import { WidgetSettings } from '../../features/agent-widget';
import { MyAgentPage, type MyAgentSection } from '../../features/agents';

/** /user/role/:appId: one of my agents, with how it does (analytics), its API keys and its website widget. */
export default function UserRoleDetailPage() {
  const { t } = useTranslation(['analytics', 'keys', 'agentWidget']);
  const { appId = '' } = useParams();
  const sections: MyAgentSection[] = [
    { key: 'analytics', label: t('analytics:section'), render: (agent) => <AgentAnalyticsView appId={agent.id} /> },
    { key: 'keys', label: t('keys:section'), render: (agent) => <AgentKeysPanel appId={agent.id} /> },
    { key: 'widget', label: t('agentWidget:title'), render: (agent) => <WidgetSettings appId={agent.id} /> },
  ];
  return <MyAgentPage key={appId} appId={appId} sections={sections} />;
}
