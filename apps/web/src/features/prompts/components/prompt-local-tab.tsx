import { DeleteOutlined, EditOutlined, ExportOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Popconfirm, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useSearchBoxLabels } from '../../../components/search-box-labels';
import { downloadText } from '../../../lib/download-file';
import { notify } from '../../../lib/notify';
import { promptStore } from '../../../stores/prompt-store';
import { exportPrompts, searchPrompts, type Checked, type Prompt } from '../lib/prompt-rules';
import { addPrompt, clearPrompts, deletePrompt, editPrompt } from '../stores/prompt-actions';
import { PromptFormDialog } from './prompt-form-dialog';
import { PromptImportPanel } from './prompt-import-panel';

type Editing = { mode: 'add' } | { mode: 'edit'; index: number; prompt: Prompt } | null;

/** The prompts kept in this browser: search, add, edit, delete, clear, export and import. */
export function PromptLocalTab() {
  const { t } = useTranslation('prompts');
  const { allowClear, searchIcon } = useSearchBoxLabels();
  const list = useStore(promptStore, (state) => state.promptList);
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [importing, setImporting] = useState(false);
  // Indexes into the whole list, so an edit or delete from a filtered view hits the right item.
  const shown = useMemo(() => searchPrompts(list.map((item, index) => ({ ...item, index })), query), [list, query]);

  function submit(prompt: Prompt): Checked {
    const checked = editing?.mode === 'edit' ? editPrompt(editing.index, prompt) : addPrompt(prompt);
    if (checked.ok) notify.success(editing?.mode === 'edit' ? t('messages.editSuccess') : t('messages.addSuccess'));
    return checked;
  }

  function exportAll() {
    try {
      downloadText('prompts.json', exportPrompts(list));
      notify.success(t('messages.exportSuccess'));
    } catch {
      notify.error(t('messages.exportFailed'));
    }
  }

  return (
    <div className="prompt-local">
      <div className="prompt-local__toolbar">
        <Input.Search
          className="prompt-local__search"
          placeholder={t('local.search')}
          aria-label={t('local.search')}
          searchIcon={searchIcon}
          allowClear={allowClear}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'add' })}>
            {t('local.add')}
          </Button>
          <Button icon={<ImportOutlined />} aria-expanded={importing} onClick={() => setImporting((open) => !open)}>
            {t('local.import')}
          </Button>
          <Button icon={<ExportOutlined />} disabled={list.length === 0} onClick={exportAll}>
            {t('local.export')}
          </Button>
          <Popconfirm
            title={t('confirm.clear')}
            okText={t('confirm.ok')}
            cancelText={t('confirm.cancel')}
            onConfirm={() => {
              clearPrompts();
              notify.success(t('messages.clearSuccess'));
            }}
            disabled={list.length === 0}
          >
            <Button danger icon={<DeleteOutlined />} disabled={list.length === 0}>
              {t('local.clear')}
            </Button>
          </Popconfirm>
        </Space>
      </div>
      {importing && <PromptImportPanel />}
      <p className="prompt-local__count" aria-live="polite">
        {t('local.count', { count: list.length })}
      </p>
      {shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={list.length === 0 ? t('local.empty') : t('local.noMatch')} />
      ) : (
        <ul className="prompt-list" aria-label={t('title')}>
          {shown.map((item) => (
            <li key={`${item.index}-${item.title}`} className="prompt-list__item">
              <div className="prompt-list__text">
                <span className="prompt-list__title">{item.title}</span>
                <span className="prompt-list__content">{item.content}</span>
              </div>
              <Space className="prompt-list__actions" aria-label={t('local.actionsFor', { title: item.title })}>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={`${t('local.edit')}: ${item.title}`}
                  onClick={() => setEditing({ mode: 'edit', index: item.index, prompt: item })}
                />
                <Popconfirm
                  title={t('confirm.delete')}
                  okText={t('confirm.ok')}
                  cancelText={t('confirm.cancel')}
                  onConfirm={() => {
                    deletePrompt(item.index);
                    notify.success(t('messages.deleteSuccess'));
                  }}
                >
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={`${t('local.delete')}: ${item.title}`} />
                </Popconfirm>
              </Space>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <PromptFormDialog
          initial={editing.mode === 'edit' ? editing.prompt : undefined}
          onSubmit={submit}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
