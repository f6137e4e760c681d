import { ApiOutlined, BarChartOutlined, BookOutlined, DeleteOutlined, EditOutlined, LikeOutlined, DislikeOutlined, MessageOutlined, RobotOutlined, ShareAltOutlined, TeamOutlined } from '@ant-design/icons';
import { agentVisibilities, type AgentDetail, type AgentVisibility } from '@parley/contracts';
import { Avatar, Button, Popconfirm, Select, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, generatePath } from 'react-router';
import { LinkButton } from '../../../components/layout/link-button';
import { chatPath, routePaths } from '../../../lib/route-paths';
import { compactCount } from '../lib/figures';

interface MyAgentRowProps {
  agent: AgentDetail;
  onShare: (agent: AgentDetail) => void;
  onDelete: (agent: AgentDetail) => Promise<unknown>;
  onVisibility: (agent: AgentDetail, visibility: AgentVisibility) => void;
  sharing: boolean;
  changingVisibility: boolean;
}

/** One of my agents: what it is, how it does, and what I can do with it. */
export function MyAgentRow({ agent, onShare, onDelete, onVisibility, sharing, changingVisibility }: MyAgentRowProps) {
  const { t, i18n } = useTranslation('agents');
  const { figures } = agent;
  const figureItems = [
    { key: 'conversations', icon: <MessageOutlined aria-hidden />, value: figures.conversations },
    { key: 'users', icon: <TeamOutlined aria-hidden />, value: figures.users },
    { key: 'good', icon: <LikeOutlined aria-hidden />, value: figures.good },
    { key: 'bad', icon: <DislikeOutlined aria-hidden />, value: figures.bad },
  ] as const;
  const canShare = agent.visibility !== 'private';
  return (
    <li className="my-agent">
      {/* The link is the name, stretched over the avatar and intro by CSS: named by what it shows. */}
      <div className="my-agent__who">
        <Avatar size={48} src={agent.avatarUrl || undefined} icon={<RobotOutlined />} alt="" aria-hidden />
        <span className="my-agent__text">
          <Link to={chatPath(agent.id)} className="my-agent__name" aria-label={t('mine.open', { name: agent.name })}>
            {agent.name}
          </Link>
          <span className="my-agent__intro">{agent.intro}</span>
        </span>
      </div>
      <div className="my-agent__status">
        <Select<AgentVisibility>
          size="small"
          className="my-agent__visibility"
          aria-label={t('mine.visibility', { name: agent.name })}
          value={agent.visibility}
          loading={changingVisibility}
          disabled={changingVisibility}
          options={agentVisibilities.map((value) => ({ value, label: t(`visibility.${value}`) }))}
          onChange={(value) => onVisibility(agent, value)}
        />
        {agent.reviewRequestedAt && <Tag color="gold">{t('mine.inReview')}</Tag>}
        {agent.hidden && (
          <Tooltip title={agent.hiddenReason || undefined}>
            <Tag color="warning">{t('mine.hidden')}</Tag>
          </Tooltip>
        )}
      </div>
      <dl className="my-agent__figures">
        {figureItems.map((item) => (
          <div key={item.key} className="my-agent__figure" title={t(`mine.figures.${item.key}`)}>
            <dt>
              {item.icon}
              <span className="visually-hidden">{t(`mine.figures.${item.key}`)}</span>
            </dt>
            <dd>{compactCount(item.value, i18n.language)}</dd>
          </div>
        ))}
      </dl>
      <div className="my-agent__actions">
        <Tooltip title={t('mine.edit')}>
          <LinkButton type="default" icon={<EditOutlined aria-hidden />} to={generatePath(routePaths.Edit, { appId: agent.id })} aria-label={t('mine.editNamed', { name: agent.name })} />
        </Tooltip>
        <Tooltip title={t('mine.knowledge')}>
          <LinkButton type="default" icon={<BookOutlined aria-hidden />} to={generatePath(routePaths.Upload, { appId: agent.id })} aria-label={t('mine.knowledgeNamed', { name: agent.name })} />
        </Tooltip>
        <Tooltip title={t('mine.analytics')}>
          <LinkButton
            type="default"
            icon={<BarChartOutlined aria-hidden />}
            to={`${generatePath(routePaths.UserRoleDetail, { appId: agent.id })}?tab=analytics`}
            aria-label={t('mine.analyticsNamed', { name: agent.name })}
          />
        </Tooltip>
        <Tooltip title={t('mine.keys')}>
          <LinkButton
            type="default"
            icon={<ApiOutlined aria-hidden />}
            to={`${generatePath(routePaths.UserRoleDetail, { appId: agent.id })}?tab=keys`}
            aria-label={t('mine.keysNamed', { name: agent.name })}
          />
        </Tooltip>
        <Tooltip title={canShare ? t('mine.share') : t('mine.sharePrivate')}>
          <Button
            icon={<ShareAltOutlined aria-hidden />}
            aria-label={t('mine.shareNamed', { name: agent.name })}
            disabled={!canShare}
            loading={sharing}
            onClick={() => onShare(agent)}
          />
        </Tooltip>
        <Popconfirm
          title={t('delete.confirm', { name: agent.name })}
          description={t('delete.explain')}
          okText={t('delete.ok')}
          cancelText={t('delete.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => onDelete(agent)}
        >
          <Button danger icon={<DeleteOutlined aria-hidden />} aria-label={t('mine.deleteNamed', { name: agent.name })} />
        </Popconfirm>
      </div>
    </li>
  );
}
