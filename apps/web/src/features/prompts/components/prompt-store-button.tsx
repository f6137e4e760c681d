import { BookOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PromptStoreDialog } from './prompt-store-dialog';

interface PromptStoreButtonProps {
  /** icon: a round icon button (the chat input); text: a labelled button (settings). */
  variant?: 'icon' | 'text';
}

/** Opens the prompt store; a plain button, so Tab and Enter reach it like any other. */
export function PromptStoreButton({ variant = 'icon' }: PromptStoreButtonProps) {
  const { t } = useTranslation('prompts');
  const [open, setOpen] = useState(false);
  const button =
    variant === 'icon' ? (
      <Tooltip title={t('open')}>
        <Button type="text" shape="circle" icon={<BookOutlined />} aria-label={t('open')} aria-haspopup="dialog" onClick={() => setOpen(true)} />
      </Tooltip>
    ) : (
      <Button icon={<BookOutlined />} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('open')}
      </Button>
    );
  return (
    <>
      {button}
      <PromptStoreDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
