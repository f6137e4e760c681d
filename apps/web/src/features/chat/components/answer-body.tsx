import { ReloadOutlined, SyncOutlined } from '@ant-design/icons';
import type { Citation } from '@parley/contracts';
import { Alert, Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AnswerErrorKind, LivePhase } from '../stores/live-answer-store';
import { CitationList } from './citation-list';
import { MarkdownView } from './markdown/markdown-view';

export interface AnswerBodyProps {
  text: string;
  phase: LivePhase;
  /** Why it failed; kind is known when this tab watched it fail. */
  error?: { kind?: AnswerErrorKind; message: string | null } | null;
  citations: Citation[];
  /** Offered on a failed answer that can be answered again. */
  onRetry?: () => void;
  /** The connection dropped and the answer is being picked up again. */
  reconnecting?: boolean;
}

const errorKinds: readonly AnswerErrorKind[] = ['upstream_http', 'timeout', 'stalled', 'malformed', 'unreachable', 'internal', 'interrupted', 'moderated'];

/** An answer: its markdown, then how it ended (stopped, failed) and its sources. */
export function AnswerBody({ text, phase, error, citations, onRetry, reconnecting = false }: AnswerBodyProps) {
  const { t } = useTranslation('chat');
  const kind = error?.kind && errorKinds.includes(error.kind) ? error.kind : null;
  return (
    <>
      {phase === 'waiting' && text === '' ? (
        <span className="answer-thinking" role="status">
          <span className="answer-thinking__dots" aria-hidden>
            <i />
            <i />
            <i />
          </span>
          {t('answer.thinking')}
        </span>
      ) : (
        text !== '' && <MarkdownView text={text} streaming={phase === 'streaming'} />
      )}
      {reconnecting && (
        <span className="answer-reconnecting" role="status">
          <SyncOutlined spin aria-hidden /> {t('answer.reconnecting')}
        </span>
      )}
      {phase === 'stopped' && (
        <Tag className="answer-tag" variant="filled">
          {t('answer.stopped')}
        </Tag>
      )}
      {phase === 'error' && (
        <Alert
          className="answer-error"
          type="error"
          showIcon
          title={kind ? t(`errors.kind.${kind}`) : t('errors.saved')}
          description={error?.message && kind === null ? error.message : undefined}
          action={
            onRetry && (
              <Button size="small" icon={<ReloadOutlined />} onClick={onRetry}>
                {t('actions.retry')}
              </Button>
            )
          }
        />
      )}
      <CitationList citations={citations} />
    </>
  );
}
