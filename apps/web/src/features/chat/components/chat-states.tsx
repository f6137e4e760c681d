import { errorCodes } from '@parley/contracts';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../lib/http';
import './chat-states.css';

/** While the chat loads: the shape of a header and a few messages. */
export function ChatSkeleton() {
  const { t } = useTranslation('chat');
  return (
    <div className="chat-skeleton" role="status" aria-label={t('states.loading')}>
      <Skeleton avatar={{ size: 44 }} title={{ width: '30%' }} paragraph={{ rows: 1, width: '60%' }} active />
      <div className="chat-skeleton__messages">
        <Skeleton avatar paragraph={{ rows: 2 }} title={false} active />
        <Skeleton avatar paragraph={{ rows: 3 }} title={false} active />
      </div>
    </div>
  );
}

/** No such chat, share or app, or an id in the address that cannot be one (400). */
export function isNotFound(error: unknown): boolean {
  return error instanceof HttpError && (error.code === errorCodes.NOT_FOUND.code || error.status === 404 || error.status === 400);
}

