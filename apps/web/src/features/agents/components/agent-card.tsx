import { LikeOutlined, MessageOutlined, RobotOutlined } from '@ant-design/icons';
import { Avatar, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { compactCount, likeRatio } from '../lib/figures';
import './agent-card.css';

/** What a card shows of an agent. */
export interface AgentCardData {
  id: string;
  name: string;
  avatarUrl: string | null;
  intro: string;
  creatorName: string | null;
  conversationCount: number;
  goodCount: number;
  badCount: number;
}

/**
 * One agent in the discover grid. The whole card opens a chat with it, through the link on its
 * name (stretched over the card by CSS): a link wrapping the card would be named by all its text,
 * or by a label that leaves most of that text out.
 */
export function AgentCard({ agent, to }: { agent: AgentCardData; to: string }) {
  const { t, i18n } = useTranslation('agents');
  const ratio = likeRatio(agent.goodCount, agent.badCount);
  return (
    <div className="agent-card">
      <Avatar className="agent-card__avatar" size={48} src={agent.avatarUrl || undefined} icon={<RobotOutlined />} alt="" aria-hidden />
      <div className="agent-card__body">
        <h2 className="agent-card__name">
          <Link to={to} className="agent-card__link" aria-label={t('card.open', { name: agent.name })}>
            {agent.name}
          </Link>
        </h2>
        <p className="agent-card__intro">{agent.intro || t('card.noIntro')}</p>
        <div className="agent-card__meta">
          <span className="agent-card__creator">{agent.creatorName ? t('card.creator', { name: agent.creatorName }) : t('card.unknownCreator')}</span>
          <span className="agent-card__figures">
            <span title={t('card.conversations', { count: agent.conversationCount })}>
              <MessageOutlined aria-hidden /> <span className="visually-hidden">{t('card.conversations', { count: agent.conversationCount })}</span>
              <span aria-hidden>{compactCount(agent.conversationCount, i18n.language)}</span>
            </span>
            <span title={ratio === null ? t('card.unrated') : t('card.likeRatio', { ratio })}>
              <LikeOutlined aria-hidden /> <span className="visually-hidden">{ratio === null ? t('card.unrated') : t('card.likeRatio', { ratio })}</span>
              <span aria-hidden>{ratio === null ? '–' : `${ratio}%`}</span>
            </span>
          </span>
        </div>
      </div>
    </div>
  );
}

/** The shape of a card while the grid loads. */
export function AgentCardSkeleton() {
  return (
    <div className="agent-card agent-card--skeleton" aria-hidden>
      <Skeleton.Avatar active size={48} />
      <div className="agent-card__body">
        <Skeleton active title={{ width: '60%' }} paragraph={{ rows: 2, width: ['100%', '40%'] }} />
      </div>
    </div>
  );
}
