import { BulbOutlined, LikeOutlined, MessageOutlined, RobotOutlined, TeamOutlined } from '@ant-design/icons';
import { errorCodes, type SharedAgent } from '@parley/contracts';
import { Avatar } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../lib/http';
import { describeAgentError } from '../lib/describe-error';
import './shared-agent-view.css';
import { BrandResult } from '../../../components/layout/brand-result';

/** The landing page of a shared agent: its card, what it opens with, and the way into a chat. */
export function SharedAgentView({ agent, startChat }: { agent: SharedAgent; startChat: ReactNode }) {
  const { t } = useTranslation('agents');
  const { figures } = agent;
  const questions = agent.suggestedQuestions.filter((question) => question.trim() !== '');
  return (
    <article className="shared-agent" aria-label={agent.name}>
      <header className="shared-agent__card">
        <Avatar size={80} src={agent.avatarUrl || undefined} icon={<RobotOutlined />} alt="" aria-hidden />
        <h2 className="shared-agent__name">{agent.name}</h2>
        {agent.creatorName && <p className="shared-agent__creator">{t('card.creator', { name: agent.creatorName })}</p>}
        <p className="shared-agent__intro">{agent.intro}</p>
        <p className="shared-agent__figures">
          <span>
            <MessageOutlined aria-hidden /> {t('card.conversations', { count: figures.conversations })}
          </span>
          <span>
            <TeamOutlined aria-hidden /> {t('share.users', { count: figures.users })}
          </span>
          <span>
            <LikeOutlined aria-hidden /> {figures.likeRatio === null ? t('card.unrated') : t('card.likeRatio', { ratio: Math.round(figures.likeRatio * 100) })}
          </span>
        </p>
        {startChat}
      </header>
      {agent.openingMessage.trim() && (
        <section className="shared-agent__section" aria-label={t('share.opening')}>
          <h3>{t('share.opening')}</h3>
          <p className="shared-agent__opening">{agent.openingMessage}</p>
        </section>
      )}
      {questions.length > 0 && (
        <section className="shared-agent__section" aria-label={t('share.questions')}>
          <h3>
            <BulbOutlined aria-hidden /> {t('share.questions')}
          </h3>
          <ul className="shared-agent__questions">
            {questions.map((question) => (
              <li key={question}>{question}</li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

/** A share number that leads nowhere: malformed (the server refuses it as invalid), unknown, or no longer shared. */
function isBrokenLink(error: unknown): boolean {
  return error instanceof HttpError && (error.code === errorCodes.NOT_FOUND.code || error.code === errorCodes.VALIDATION.code || error.status === 404);
}

/** The landing page cannot show the agent: the link does not work, or the call failed. */
export function SharedAgentError({ error, discover }: { error: unknown; discover: ReactNode }) {
  const { t } = useTranslation('agents');
  if (isBrokenLink(error)) return <BrandResult kind="not-found" title={t('share.notFoundTitle')} subTitle={t('share.notFound')} extra={discover} />;
  return <BrandResult kind="problem" title={describeAgentError(error, t)} extra={discover} />;
}
