import { EditOutlined, MessageOutlined, RobotOutlined } from '@ant-design/icons';
import type { AgentDetail } from '@parley/contracts';
import { Avatar, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { generatePath } from 'react-router';
import { chatPath, routePaths } from '../../../lib/route-paths';
import { LinkButton } from '../../../components/layout/link-button';

/** Whose knowledge this is, with the way back to editing it and to chatting with it. */
export function KnowledgeHeader({ agent }: { agent: AgentDetail }) {
  const { t } = useTranslation('knowledge');
  return (
    <div className="knowledge-header">
      <Avatar size={48} src={agent.avatarUrl || undefined} icon={<RobotOutlined />} alt="" aria-hidden />
      <div className="knowledge-header__text">
        <h2 className="knowledge-header__name">{agent.name}</h2>
        <Tag color={agent.knowledgeMode === 'strict' ? 'warning' : 'default'} title={t(`mode.${agent.knowledgeMode}Hint`)}>
          {t(`mode.${agent.knowledgeMode}`)}
        </Tag>
      </div>
      <div className="knowledge-header__links">
        <LinkButton type="default" icon={<EditOutlined aria-hidden />} to={generatePath(routePaths.Edit, { appId: agent.id })}>
          {t('header.edit')}
        </LinkButton>
        <LinkButton type="default" icon={<MessageOutlined aria-hidden />} to={chatPath(agent.id)}>
          {t('header.chat')}
        </LinkButton>
      </div>
    </div>
  );
}
