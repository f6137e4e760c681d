import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeHttpError, HttpError } from '../../../lib/http';
import { isNotFound } from './chat-states';
import { BrandResult } from '../../../components/layout/brand-result';

interface ChatLoadErrorProps {
  error: unknown;
  onRetry: () => void;
  /** Offered when the chat does not exist (any more). */
  startOver?: ReactNode;
}

/** The chat could not be opened: gone (with a way to start over), or failed (with Retry). */
export default function ChatLoadError({ error, onRetry, startOver }: ChatLoadErrorProps) {
  const { t } = useTranslation('chat');
  if (isNotFound(error)) {
    return <BrandResult kind="not-found" title={t('states.notFoundTitle')} subTitle={t('states.notFound')} extra={startOver} />;
  }
  const message = error instanceof HttpError ? describeHttpError(error, t) : t('states.loadFailed');
  return (
    <BrandResult
      kind="problem"
      title={t('states.loadFailedTitle')}
      subTitle={message}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      }
    />
  );
}
