import { ShareAltOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

const ShareChatDialog = lazy(() => import('./share-chat-dialog'));

interface ShareChatButtonProps {
  /** The chat to share; it must exist on the server (a chat with at least one message). */
  chatId: string;
  /** While the chat has nothing to share yet, or an answer is still streaming. */
  disabled?: boolean;
  /** Only the icon, with the label as its accessible name and tooltip (for a tight header). */
  iconOnly?: boolean;
}

/** Opens the dialog that creates, copies and revokes share links for one chat. */
export function ShareChatButton({ chatId, disabled = false, iconOnly = false }: ShareChatButtonProps) {
  const { t } = useTranslation('share');
  const [open, setOpen] = useState(false);
  // Mounted from the first open until the closing animation ends, so focus returns here.
  const [mounted, setMounted] = useState(false);
  return (
    <>
      <Button
        icon={<ShareAltOutlined aria-hidden />}
        disabled={disabled}
        aria-label={iconOnly ? t('button') : undefined}
        title={iconOnly ? t('button') : undefined}
        aria-haspopup="dialog"
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        {iconOnly ? null : t('button')}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <ShareChatDialog chatId={chatId} open={open} onClose={() => setOpen(false)} afterClose={() => setMounted(false)} />
        </Suspense>
      )}
    </>
  );
}
