import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';

interface AgentEditorActionsProps {
  /** The agent's name once it exists; none on /create (no delete then). */
  savedName: string | null;
  saving: boolean;
  deleting: boolean;
  dirty: boolean;
  onDelete: () => Promise<void>;
}

/** Under the form: save (or create), delete after a confirmation, and a note while changes are unsaved. */
export function AgentEditorActions({ savedName, saving, deleting, dirty, onDelete }: AgentEditorActionsProps) {
  const { t } = useTranslation('agents');
  return (
    <>
      <Button type="primary" htmlType="submit" icon={<SaveOutlined aria-hidden />} loading={saving}>
        {savedName !== null ? t(saving ? 'editor.actions.saving' : 'editor.actions.save') : t(saving ? 'editor.actions.creating' : 'editor.actions.create')}
      </Button>
      {savedName !== null && (
        <Popconfirm
          title={t('delete.confirm', { name: savedName })}
          description={t('delete.explain')}
          okText={t('delete.ok')}
          cancelText={t('delete.cancel')}
          okButtonProps={{ danger: true, loading: deleting }}
          onConfirm={onDelete}
        >
          <Button danger icon={<DeleteOutlined aria-hidden />}>
            {t('editor.actions.delete')}
          </Button>
        </Popconfirm>
      )}
      {dirty && <span className="agent-editor__dirty">{t('editor.unsavedNote')}</span>}
    </>
  );
}
