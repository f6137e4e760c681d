import { CopyOutlined, StopOutlined } from '@ant-design/icons';
import type { ChatShareInfo } from '@parley/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

interface ShareLinkRowProps {
  share: ChatShareInfo;
  url: string;
  revoking: boolean;
  onCopy: () => void;
  onRevoke: () => void;
}

/** One live link: where it goes, when it froze the chat, and copy / revoke. */
export function ShareLinkRow({ share, url, revoking, onCopy, onRevoke }: ShareLinkRowProps) {
  const { t, i18n } = useTranslation('share');
  const created = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(share.createdAt),
  );
  return (
    <li className="share-link">
      <div className="share-link__text">
        <a className="share-link__url" href={url} target="_blank" rel="noreferrer">
          {url}
        </a>
        <span className="share-link__meta">
          {t('live.created', { date: created })} · {t('live.messages', { count: share.itemCount })}
        </span>
      </div>
      <div className="share-link__actions">
        <Button size="small" icon={<CopyOutlined aria-hidden />} aria-label={t('copyThis', { date: created })} title={t('copy')} onClick={onCopy} />
        <Button size="small" danger icon={<StopOutlined aria-hidden />} loading={revoking} onClick={onRevoke}>
          {t('revoke.action')}
        </Button>
      </div>
    </li>
  );
}
