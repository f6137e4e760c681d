import type { FeedbackEntry, QualityAgent, ReportEntry, UnansweredEntry } from '@parley/contracts';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AgentChip } from './agent-chip';

/** What every entry can do: open its conversation, show only its agent's entries. */
interface EntryActions {
  onOpen: (chatItemId: string) => void;
  onFilter: (agent: QualityAgent) => void;
}

function useWhen() {
  const { i18n } = useTranslation();
  return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
}

export function UnansweredItem({ entry, onOpen, onFilter, onAnswer, onDismiss }: EntryActions & { entry: UnansweredEntry; onAnswer: () => void; onDismiss: () => void }) {
  const { t } = useTranslation('consoleQuality');
  const when = useWhen();
  return (
    <li className="quality-entry">
      <p className="quality-entry__question">{entry.question}</p>
      <div className="quality-entry__meta">
        <AgentChip agent={entry.agent} onFilter={onFilter} />
        <span>{t('unanswered.asked', { count: entry.askCount })}</span>
        <time dateTime={entry.lastAskedAt}>{when.format(new Date(entry.lastAskedAt))}</time>
      </div>
      <div className="quality-entry__actions">
        <Button type="primary" onClick={onAnswer}>
          {t('actions.answer')}
        </Button>
        {entry.chatItemId && <Button onClick={() => onOpen(entry.chatItemId!)}>{t('actions.open')}</Button>}
        <Button onClick={onDismiss}>{t('actions.dismiss')}</Button>
      </div>
    </li>
  );
}

function Exchange({ question, answer }: { question: string; answer: string }) {
  const { t } = useTranslation('consoleQuality');
  return (
    <dl className="quality-exchange">
      <dt>{t('conversation.question')}</dt>
      <dd className="quality-exchange__question">{question || '—'}</dd>
      <dt>{t('answerLabel')}</dt>
      <dd className="quality-exchange__answer">{answer || '—'}</dd>
    </dl>
  );
}

export function FeedbackItem({ entry, onOpen, onFilter, onDismiss, onHide }: EntryActions & { entry: FeedbackEntry; onDismiss: () => void; onHide?: () => void }) {
  const { t } = useTranslation('consoleQuality');
  const when = useWhen();
  return (
    <li className="quality-entry">
      <Exchange question={entry.question} answer={entry.answer} />
      {entry.notes.length > 0 && (
        <ul className="quality-notes" aria-label={t('notes')}>
          {entry.notes.map((note, index) => (
            <li key={`${index}-${note}`}>{note}</li>
          ))}
        </ul>
      )}
      <div className="quality-entry__meta">
        <AgentChip agent={entry.agent} onFilter={onFilter} />
        {entry.model && <span>{entry.model}</span>}
        <time dateTime={entry.ratedAt}>{when.format(new Date(entry.ratedAt))}</time>
      </div>
      <div className="quality-entry__actions">
        <Button onClick={() => onOpen(entry.chatItemId)}>{t('actions.open')}</Button>
        <Button onClick={onDismiss}>{t('actions.setAside')}</Button>
        {onHide && !entry.agent.isOfficial && !entry.agent.hidden && (
          <Button danger onClick={onHide}>
            {t('actions.hide')}
          </Button>
        )}
      </div>
    </li>
  );
}

export function ReportItem({ entry, onOpen, onFilter, onDismiss, onHide }: EntryActions & { entry: ReportEntry; onDismiss: () => void; onHide?: () => void }) {
  const { t } = useTranslation('consoleQuality');
  const when = useWhen();
  return (
    <li className="quality-entry">
      <div className="quality-entry__reason">
        <Tag color="error">{t(`reports.reasons.${entry.reason}`)}</Tag>
        {entry.note && <span className="quality-entry__note">“{entry.note}”</span>}
      </div>
      <Exchange question={entry.question} answer={entry.answer} />
      <div className="quality-entry__meta">
        <AgentChip agent={entry.agent} onFilter={onFilter} />
        <span>{entry.reporterName ? t('reports.by', { name: entry.reporterName }) : t('reports.byVisitor')}</span>
        <time dateTime={entry.createdAt}>{when.format(new Date(entry.createdAt))}</time>
      </div>
      <div className="quality-entry__actions">
        <Button onClick={() => onOpen(entry.chatItemId)}>{t('actions.open')}</Button>
        <Button onClick={onDismiss}>{t('actions.dismissReport')}</Button>
        {onHide && !entry.agent.isOfficial && !entry.agent.hidden && (
          <Button danger onClick={onHide}>
            {t('actions.hide')}
          </Button>
        )}
      </div>
    </li>
  );
}
