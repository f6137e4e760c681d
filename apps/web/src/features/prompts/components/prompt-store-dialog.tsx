import { Modal, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PromptLocalTab } from './prompt-local-tab';
import { PromptOnlineTab } from './prompt-online-tab';
import './prompt-store.css';

interface PromptStoreDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The prompt store: the user's own prompts, and ready-made lists to import. */
export function PromptStoreDialog({ open, onClose }: PromptStoreDialogProps) {
  const { t } = useTranslation('prompts');
  return (
    <Modal open={open} title={t('title')} onCancel={onClose} footer={null} width={720} className="prompt-store" destroyOnHidden>
      <Tabs
        items={[
          { key: 'local', label: t('tabs.local'), children: <PromptLocalTab /> },
          { key: 'online', label: t('tabs.online'), children: <PromptOnlineTab /> },
        ]}
      />
    </Modal>
  );
}
