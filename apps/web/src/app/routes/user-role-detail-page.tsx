import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AgentKeysPanel } from '../../features/agent-keys';
import { MyAgentPage, type MyAgentSection } from '../../features/agents';

/** /user/role/:appId: one of my agents, with its API keys (analytics and the embed widget join as more sections). */
export default function UserRoleDetailPage() {
  const { t } = useTranslation('keys');
  const { appId = '' } = useParams();
  const sections: MyAgentSection[] = [{ key: 'keys', label: t('section'), render: (agent) => <AgentKeysPanel appId={agent.id} /> }];
  return <MyAgentPage key={appId} appId={appId} sections={sections} />;
}
