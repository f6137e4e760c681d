import { ArrowRightOutlined, ReloadOutlined, SyncOutlined } from '@ant-design/icons';
import { streamErrorKinds, type Citation } from '@parley/contracts';
import { Alert, Button, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AnswerErrorKind, LivePhase } from '../stores/live-answer-store';
import { CitationList } from './citation-list';
import { MarkdownView } from './markdown/markdown-view';
import { ThinkingBlock } from './thinking-block';

export interface AnswerBodyProps {
  text: string;
  phase: LivePhase;
  /** Why it failed; kind is known when this tab watched it fail or the server saved it. */
  error?: { kind?: AnswerErrorKind | null; message: string | null; retryAfterSeconds?: number | null } | null;
  citations: Citation[];
  /** What a reasoning model thought first, and for how long (null while it thinks). */
  reasoning?: { text: string; ms: number | null } | null;
  /** The saved answer's id, which keeps whether its thinking is open. */
  answerId?: string;
  /** The answer stopped at the output limit. */
  cutShort?: boolean;
  /** Offered on a failed answer that can be answered again. */
  onRetry?: () => void;
  /** Offered on the last answer when it was cut short. */
  onContinue?: () => void;
  /** The ways out of a conversation too long for the model. */
  onNewChat?: () => void;
  onContextOff?: () => void;
  /** The connection dropped and the answer is being picked up again. */
  reconnecting?: boolean;
}

/** The kinds this screen words itself (errors.kind.*): the server's, and a stream that broke off. */
const errorKinds: readonly AnswerErrorKind[] = [...streamErrorKinds, 'interrupted'];

/** The ways out of a conversation too long for the model, under its title. */
function TooLongHelp({ onNewChat, onContextOff }: Pick<AnswerBodyProps, 'onNewChat' | 'onContextOff'>) {
  const { t } = useTranslation('chat');
  return (
    <Space direction="vertical" size={6}>
      <span>{t('errors.tooLongHelp')}</span>
      {(onNewChat || onContextOff) && (
        <Space wrap size={8}>
          {onNewChat && (
            <Button size="small" onClick={onNewChat}>
              {t('errors.newChat')}
            </Button>
          )}
          {onContextOff && (
            <Button size="small" onClick={onContextOff}>
              {t('errors.contextOff')}
            </Button>
          )}
        </Space>
      )}
    </Space>
  );
}

/** An answer: the thinking before it, its markdown, then how it ended (stopped, cut short, failed) and its sources. */
export function AnswerBody(props: AnswerBodyProps) {
  const { text, phase, error, citations, reasoning, answerId, cutShort = false, onRetry, onContinue, reconnecting = false } = props;
  const { t } = useTranslation('chat');
  const kind = error?.kind && errorKinds.includes(error.kind) ? error.kind : null;
  const thinking = reasoning && reasoning.text !== '' ? reasoning : null;
  return (
    <>
      {thinking && <ThinkingBlock text={thinking.text} ms={thinking.ms} answered={text !== '' || (phase !== 'waiting' && phase !== 'streaming')} answerId={answerId} />}
      {phase === 'waiting' && text === '' && !thinking ? (
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
      {phase === 'done' && cutShort && (
        <div className="answer-cut-short">
          <Tag className="answer-tag" variant="filled" color="warning">
            {t('answer.cutShort')}
          </Tag>
          {onContinue && (
            <Button size="small" icon={<ArrowRightOutlined />} onClick={onContinue}>
              {t('actions.continue')}
            </Button>
          )}
        </div>
      )}
      {phase === 'error' && (
        <Alert
          className="answer-error"
          type="error"
          showIcon
          title={kind ? t(`errors.kind.${kind}`) : t('errors.saved')}
          description={
            kind === 'context_too_long' ? (
              <TooLongHelp onNewChat={props.onNewChat} onContextOff={props.onContextOff} />
            ) : kind === 'rate_limited' && error?.retryAfterSeconds ? (
              t('errors.retryIn', { count: error.retryAfterSeconds })
            ) : error?.message && kind === null ? (
              error.message
            ) : undefined
          }
          action={
            onRetry && (
              <Button size="small" icon={<ReloadOutlined />} onClick={onRetry}>
                {t('actions.retry')}
              </Button>
            )
          }
        />
      )}
      {phase !== 'error' && <CitationList citations={citations} />}
    </>
  );
}
