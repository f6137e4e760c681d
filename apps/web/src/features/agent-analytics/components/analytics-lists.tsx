import { DislikeOutlined, LikeOutlined, MessageOutlined } from '@ant-design/icons';
import type { AgentAnalytics } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { generatePath } from 'react-router';
import { LinkButton } from '../../../components/layout/link-button';
import { routePaths } from '../../../lib/route-paths';

/** The questions asked most, alike wordings counted together. */
export function TopQuestions({ questions }: { questions: AgentAnalytics['topQuestions'] }) {
  const { t } = useTranslation('analytics');
  return (
    <section className="analytics-section" aria-labelledby="analytics-top">
      <h2 id="analytics-top">{t('top.title')}</h2>
      {questions.length === 0 ? (
        <p className="analytics-section__none">{t('top.none')}</p>
      ) : (
        <ol className="analytics-top">
          {questions.map((top) => (
            <li key={top.question}>
              <span className="analytics-top__question">{top.question}</span>
              <span className="analytics-top__count">
                {t('top.count', { count: top.count })}
                {top.wordings > 1 && ` · ${t('top.wordings', { count: top.wordings })}`}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Rated and noted answers, newest first, each with its question. */
export function FeedbackList({ feedback }: { feedback: AgentAnalytics['feedback'] }) {
  const { t, i18n } = useTranslation('analytics');
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className="analytics-section" aria-labelledby="analytics-feedback">
      <h2 id="analytics-feedback">{t('feedback.title')}</h2>
      {feedback.length === 0 ? (
        <p className="analytics-section__none">{t('feedback.none')}</p>
      ) : (
        <ul className="analytics-feedback">
          {feedback.map((item) => (
            <li key={`${item.at}-${item.question}`} className="analytics-feedback__item">
              <p className="analytics-feedback__head">
                {item.rating === 'good' && (
                  <span className="analytics-feedback__rating analytics-feedback__rating--good">
                    <LikeOutlined aria-hidden /> {t('feedback.good')}
                  </span>
                )}
                {item.rating === 'bad' && (
                  <span className="analytics-feedback__rating analytics-feedback__rating--bad">
                    <DislikeOutlined aria-hidden /> {t('feedback.bad')}
                  </span>
                )}
                <time dateTime={item.at}>{when.format(new Date(item.at))}</time>
              </p>
              <p className="analytics-feedback__question">
                <span className="visually-hidden">{t('feedback.question')}: </span>
                {item.question}
              </p>
              <p className="analytics-feedback__answer">
                <span className="visually-hidden">{t('feedback.answer')}: </span>
                {item.answer}
              </p>
              {item.notes.map((note) => (
                <p key={note} className="analytics-feedback__note">
                  <MessageOutlined aria-hidden /> <span className="visually-hidden">{t('feedback.note')}: </span>
                  {note}
                </p>
              ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Questions no source answered, still open, with the way to answer them. */
export function UnansweredList({ appId, unanswered }: { appId: string; unanswered: AgentAnalytics['unanswered'] }) {
  const { t } = useTranslation('analytics');
  return (
    <section className="analytics-section" aria-labelledby="analytics-unanswered">
      <h2 id="analytics-unanswered">{t('unanswered.title')}</h2>
      {unanswered.open === 0 ? (
        <p className="analytics-section__none">{t('unanswered.none')}</p>
      ) : (
        <>
          <p className="analytics-section__note">{t('unanswered.open', { count: unanswered.open })}</p>
          <ul className="analytics-unanswered">
            {unanswered.questions.map((question) => (
              <li key={question.question}>
                <span className="analytics-top__question">{question.question}</span>
                <span className="analytics-top__count">{t('unanswered.asked', { count: question.askCount })}</span>
              </li>
            ))}
          </ul>
          <LinkButton type="primary" to={`${generatePath(routePaths.Upload, { appId })}?tab=unanswered`}>
            {t('unanswered.answer')}
          </LinkButton>
        </>
      )}
    </section>
  );
}
