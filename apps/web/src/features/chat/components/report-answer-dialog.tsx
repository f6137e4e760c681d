import { contentReportReasons, reportLimits, type ContentReportReason } from '@parley/contracts';
import { Input, Modal, Radio } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ReportAnswerDialogProps {
  /** Sends the report; resolves once the server has it. */
  onSend: (report: { reason: ContentReportReason; note: string }) => Promise<unknown>;
  onClose: () => void;
}

/** Why an answer should not be here, for the site's operators: a reason, and a note if wanted. */
export default function ReportAnswerDialog({ onSend, onClose }: ReportAnswerDialogProps) {
  const { t } = useTranslation('chat');
  const [reason, setReason] = useState<ContentReportReason | null>(null);
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const reasonLabel = useId();

  async function send() {
    if (!reason) return;
    setSending(true);
    try {
      await onSend({ reason, note: note.trim() });
      onClose();
    } catch {
      // the request's own error message was shown; the dialog keeps what was chosen
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      open
      title={t('report.title')}
      onCancel={onClose}
      onOk={() => void send()}
      okText={t('report.send')}
      cancelText={t('confirm.cancel')}
      okButtonProps={{ disabled: reason === null, loading: sending, danger: true }}
      destroyOnHidden
    >
      <p id={reasonLabel}>{t('report.intro')}</p>
      <Radio.Group
        aria-labelledby={reasonLabel}
        value={reason}
        onChange={(event) => setReason(event.target.value as ContentReportReason)}
        options={contentReportReasons.map((value) => ({ value, label: t(`report.reasons.${value}`) }))}
        style={{ display: 'flex', flexDirection: 'column', gap: 8, marginBottom: 16 }}
      />
      <Input.TextArea
        value={note}
        onChange={(event) => setNote(event.target.value)}
        placeholder={t('report.notePlaceholder')}
        aria-label={t('report.noteLabel')}
        maxLength={reportLimits.noteMaxChars}
        showCount
        autoSize={{ minRows: 2, maxRows: 6 }}
      />
    </Modal>
  );
}
