import type { AdminAgent } from '@parley/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** An agent's owner, visibility, state, uses and rating, in one line that wraps. */
export function AgentFacts({ agent }: { agent: AdminAgent }) {
  const { t, i18n } = useTranslation('consoleAgents');
  const number = new Intl.NumberFormat(i18n.language);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' });
  const { figures } = agent;
  return (
    <span className="admin-agents__facts">
      <span>{agent.ownerName ? t('owner', { name: agent.ownerName }) : t('noOwner')}</span>
      <Tag>{t(`agents:visibility.${agent.visibility}`)}</Tag>
      {agent.hidden && <Tag color="red">{t('tags.hidden')}</Tag>}
      {agent.reviewRequestedAt && <Tag color="gold">{t('tags.held')}</Tag>}
      <span>{t('uses', { chats: number.format(figures.conversations), people: number.format(figures.users) })}</span>
      <span>
        {figures.likeRatio === null
          ? t('unrated')
          : t('rating', { ratio: percent.format(figures.likeRatio), good: number.format(figures.good), bad: number.format(figures.bad) })}
      </span>
    </span>
  );
}
