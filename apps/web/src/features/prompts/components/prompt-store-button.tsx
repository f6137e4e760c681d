import { BookOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

const loadDialog = () => import('./prompt-store-dialog');
const PromptStoreDialog = lazy(() => loadDialog().then((module) => ({ default: module.PromptStoreDialog })));

interface PromptStoreButtonProps {
  /** icon: a round icon button (the chat input); text: a labelled button (settings). */
  variant?: 'icon' | 'text';
}

/**
 * Opens the prompt store; a plain button, so Tab and Enter reach it like any other. The store's
 * code (tabs, forms) loads when the button is pointed at or focused, not with the chat screen.
 */
export function PromptStoreButton({ variant = 'icon' }: PromptStoreButtonProps) {
  const { t } = useTranslation('prompts');
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing still animates.
  const [opened, setOpened] = useState(false);
  const show = () => {
    setOpen(true);
    setOpened(true);
  };
  const buttonProps = { 'aria-haspopup': 'dialog' as const, onClick: show, onPointerEnter: () => void loadDialog(), onFocus: () => void loadDialog() };
  const button =
    variant === 'icon' ? (
      <Tooltip title={t('open')}>
        <Button type="text" shape="circle" icon={<BookOutlined />} aria-label={t('open')} {...buttonProps} />
      </Tooltip>
    ) : (
      <Button icon={<BookOutlined />} {...buttonProps}>
        {t('open')}
      </Button>
    );
  return (
    <>
      {button}
      {opened && (
        <Suspense fallback={null}>
          <PromptStoreDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
