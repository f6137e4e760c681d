import { DeleteOutlined } from '@ant-design/icons';
import { chatLimits } from '@parley/contracts';
import { Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './feedback-note-dialog.css';

interface FeedbackNoteDialogProps {
  notes: string[];
  /** Saves the whole list of notes; resolves once saved. */
  onSave: (notes: string[]) => Promise<unknown>;
  onClose: () => void;
}

/** Notes on one answer: what was good or wrong about it, in the reader's words (optional). */
export default function FeedbackNoteDialog({ notes, onSave, onClose }: FeedbackNoteDialogProps) {
  const { t } = useTranslation('chat');
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);
  const full = notes.length >= chatLimits.customFeedbacksMax;

  async function save(next: string[]) {
    setSaving(true);
    try {
      await onSave(next);
      setDraft('');
      return true;
    } catch {
      return false;
    } finally {
      setSaving(false);
    }
  }

  async function add() {
    const note = draft.trim();
    if (note === '' || full) return;
    if (await save([...notes, note])) onClose();
  }

  return (
    <Modal
      open
      title={t('feedback.title')}
      onCancel={onClose}
      onOk={add}
      okText={t('feedback.save')}
      cancelText={t('confirm.cancel')}
      okButtonProps={{ disabled: draft.trim() === '' || full, loading: saving }}
      destroyOnHidden
    >
      {notes.length > 0 && (
        <ul className="feedback-notes">
          {notes.map((note, index) => (
            <li key={`${index}-${note}`} className="feedback-notes__item">
              <span className="feedback-notes__text">{note}</span>
              <Button
                type="text"
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('feedback.remove')}
                disabled={saving}
                onClick={() => void save(notes.filter((_, at) => at !== index))}
              />
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p>{t('feedback.full', { max: chatLimits.customFeedbacksMax })}</p>
      ) : (
        <Input.TextArea
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={t('feedback.placeholder')}
          aria-label={t('feedback.label')}
          maxLength={chatLimits.customFeedbackMaxChars}
          showCount
          autoSize={{ minRows: 3, maxRows: 8 }}
          autoFocus
        />
      )}
    </Modal>
  );
}
