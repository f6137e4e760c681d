import { CopyOutlined, LinkOutlined } from '@ant-design/icons';
import type { ChatShareInfo } from '@parley/contracts';
import { Alert, Button, Input, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateChatShare } from '../api/create-chat-share';
import { useChatShares } from '../api/get-chat-shares';
import { useRevokeChatShare } from '../api/revoke-chat-share';
import { useCopyLink } from '../hooks/use-copy-link';
import { shareChatUrl } from '../lib/share-url';
import { ShareLinkRow } from './share-link-row';
import './chat-share.css';

interface ShareChatDialogProps {
  chatId: string;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}

/** Create a frozen-snapshot link for a chat, copy it, and see or revoke the chat's live links. */
export default function ShareChatDialog({ chatId, open, onClose, afterClose }: ShareChatDialogProps) {
  const { t } = useTranslation('share');
  const shares = useChatShares(chatId);
  const create = useCreateChatShare(chatId);
  const revoke = useRevokeChatShare(chatId);
  const copyLink = useCopyLink();
  const [modal, modalHolder] = Modal.useModal();
  const [created, setCreated] = useState<ChatShareInfo | null>(null);
  const urlOf = (share: ChatShareInfo) => shareChatUrl(window.location.origin, share.shareCode);

  function confirmRevoke(share: ChatShareInfo) {
    void modal.confirm({
      title: t('revoke.confirm'),
      content: t('revoke.explain'),
      okText: t('revoke.ok'),
      okButtonProps: { danger: true },
      cancelText: t('revoke.cancel'),
      onOk: async () => {
        try {
          await revoke.mutateAsync(share.shareCode);
        } catch {
          return; // The HTTP client has shown why.
        }
        if (created?.shareCode === share.shareCode) setCreated(null);
      },
    });
  }

  const live = shares.data ?? [];

  return (
    <Modal
      open={open}
      title={t('title')}
      onCancel={onClose}
      afterClose={afterClose}
      footer={null}
      destroyOnHidden
      className="share-dialog"
    >
      {modalHolder}
      <Alert type="info" showIcon className="share-dialog__note" title={t('note.snapshot')} description={t('note.public')} />

      {created ? (
        <div className="share-dialog__created" aria-live="polite">
          <p className="share-dialog__label">{t('created')}</p>
          <div className="share-dialog__link-row">
            <Input readOnly value={urlOf(created)} aria-label={t('link')} onFocus={(event) => event.target.select()} />
            <Button type="primary" icon={<CopyOutlined aria-hidden />} onClick={() => void copyLink(urlOf(created))}>
              {t('copy')}
            </Button>
          </div>
        </div>
      ) : (
        <Button
          type="primary"
          icon={<LinkOutlined aria-hidden />}
          loading={create.isPending}
          onClick={() => create.mutate(undefined, { onSuccess: setCreated })}
        >
          {t('create')}
        </Button>
      )}

      <section className="share-dialog__links" aria-labelledby="share-dialog-links">
        <h3 id="share-dialog-links" className="share-dialog__heading">
          {t('live.title')}
        </h3>
        {shares.isPending ? (
          <div role="status" aria-label={t('live.loading')}>
            <Skeleton active title={false} paragraph={{ rows: 2 }} />
          </div>
        ) : shares.isError ? (
          <p className="share-dialog__empty">
            {t('live.failed')}{' '}
            <Button type="link" size="small" onClick={() => void shares.refetch()}>
              {t('live.retry')}
            </Button>
          </p>
        ) : live.length === 0 ? (
          <p className="share-dialog__empty">{t('live.empty')}</p>
        ) : (
          <ul className="share-dialog__list">
            {live.map((share) => (
              <ShareLinkRow
                key={share.shareCode}
                share={share}
                url={urlOf(share)}
                revoking={revoke.isPending && revoke.variables === share.shareCode}
                onCopy={() => void copyLink(urlOf(share))}
                onRevoke={() => confirmRevoke(share)}
              />
            ))}
          </ul>
        )}
      </section>
    </Modal>
  );
}
