import { useTranslation } from 'react-i18next';
import { MarkdownView } from '../../chat';
import type { WidgetTurn as Turn } from '../hooks/use-widget-chat';
import { WidgetAvatar } from './widget-avatar';
import { WidgetSources } from './widget-sources';

/** A question and its answer: the answer streams as markdown, then shows its sources or why it ended early. */
export function WidgetTurn({ turn, agent }: { turn: Turn; agent: { name: string; avatarUrl: string | null } }) {
  const { t } = useTranslation('widget');
  const streaming = turn.status === 'waiting' || turn.status === 'streaming';
  return (
    <>
      <div className="widget-message widget-message--user">
        <span className="widget-visually-hidden">{t('message.you')}</span>
        <div className="widget-message__bubble">{turn.question}</div>
      </div>
      <article className="widget-message widget-message--agent" aria-label={agent.name} aria-busy={streaming}>
        <WidgetAvatar src={agent.avatarUrl} size={28} />
        <div className="widget-message__body">
          <div className="widget-message__bubble">
            {turn.status === 'waiting' ? (
              <span className="widget-typing" role="status" aria-label={t('message.writing')}>
                <i />
                <i />
                <i />
              </span>
            ) : (
              turn.answer && <MarkdownView text={turn.answer} streaming={streaming} />
            )}
            {turn.status === 'stopped' && <p className="widget-message__note">{t('message.stopped')}</p>}
            {turn.status === 'error' && (
              <p className="widget-message__error" role="alert">
                {turn.errorKind === 'interrupted' ? t('message.interrupted') : t(`chat:errors.kind.${turn.errorKind ?? 'internal'}`)}
              </p>
            )}
          </div>
          {turn.status === 'done' && <WidgetSources citations={turn.citations} />}
        </div>
      </article>
    </>
  );
}
