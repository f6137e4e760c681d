import { knowledgeLimits, type UnansweredEntry } from '@parley/contracts';
import { Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { answerUnanswered, useQualityAction } from '../api/quality-actions';

/** Answers an open question into its agent's knowledge: from then on the agent answers it from that entry. */
export function AnswerQuestionDialog({ entry, onClose }: { entry: UnansweredEntry; onClose: () => void }) {
  const { t } = useTranslation('consoleQuality');
  const [answer, setAnswer] = useState('');
  const save = useQualityAction((text: string) => answerUnanswered(entry.id, text));
  const name = entry.agent.isOfficial ? t('officialAssistant') : entry.agent.name;

  function submit() {
    const text = answer.trim();
    if (text === '') return;
    save.mutate(text, {
      onSuccess: () => {
        notify.success(t('answer.saved', { name }));
        onClose();
      },
    });
  }

  return (
    <Modal
      open
      title={t('answer.title')}
      onCancel={onClose}
      onOk={submit}
      okText={t('answer.save')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ disabled: answer.trim() === '', loading: save.isPending }}
      destroyOnHidden
    >
      <p className="quality-dialog__question">{entry.question}</p>
      <p className="quality-dialog__hint">{t('answer.hint', { name })}</p>
      <Input.TextArea
        value={answer}
        onChange={(event) => setAnswer(event.target.value)}
        aria-label={t('answer.label')}
        placeholder={t('answer.placeholder')}
        maxLength={knowledgeLimits.unansweredAnswerMaxChars}
        showCount
        autoSize={{ minRows: 4, maxRows: 12 }}
        autoFocus
      />
    </Modal>
  );
}
