import { promptLimits } from '@parley/contracts';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemMessage } from '../lib/prompt-messages';
import type { Checked, Prompt, PromptProblem } from '../lib/prompt-rules';

interface PromptFormDialogProps {
  /** The prompt being edited; none when adding. */
  initial?: Prompt;
  /** Applies the rules and saves; a problem keeps the dialog open with the message. */
  onSubmit: (prompt: Prompt) => Checked;
  onClose: () => void;
}

function fieldOf(problem: PromptProblem): 'title' | 'content' | null {
  if (problem.kind === 'emptyTitle' || problem.kind === 'titleTooLong' || problem.kind === 'duplicateTitle') return 'title';
  if (problem.kind === 'emptyContent' || problem.kind === 'contentTooLong' || problem.kind === 'duplicateContent') return 'content';
  return null;
}

/** Add or edit one prompt; the store's rules decide, and their message shows at the field it concerns. */
export function PromptFormDialog({ initial, onSubmit, onClose }: PromptFormDialogProps) {
  const { t } = useTranslation('prompts');
  const [title, setTitle] = useState(initial?.title ?? '');
  const [content, setContent] = useState(initial?.content ?? '');
  const [problem, setProblem] = useState<PromptProblem | null>(null);
  const field = problem ? fieldOf(problem) : null;
  const message = problem ? problemMessage(t, problem) : null;

  function submit() {
    const checked = onSubmit({ title, content });
    if (checked.ok) onClose();
    else setProblem(checked.problem);
  }

  return (
    <Modal
      open
      title={initial ? t('form.editTitle') : t('form.addTitle')}
      onCancel={onClose}
      onOk={submit}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          label={t('form.title')}
          htmlFor="prompt-form-title"
          validateStatus={field === 'title' ? 'error' : undefined}
          help={field === 'title' ? message : undefined}
        >
          <Input
            id="prompt-form-title"
            value={title}
            maxLength={promptLimits.titleMaxChars}
            showCount
            autoFocus
            onChange={(event) => {
              setTitle(event.target.value);
              setProblem(null);
            }}
          />
        </Form.Item>
        <Form.Item
          label={t('form.content')}
          htmlFor="prompt-form-content"
          validateStatus={field === 'content' ? 'error' : undefined}
          help={field === 'content' ? message : undefined}
        >
          <Input.TextArea
            id="prompt-form-content"
            value={content}
            maxLength={promptLimits.contentMaxChars}
            autoSize={{ minRows: 4, maxRows: 12 }}
            onChange={(event) => {
              setContent(event.target.value);
              setProblem(null);
            }}
          />
        </Form.Item>
        {problem && field === null && <Alert type="error" showIcon title={message} role="alert" />}
      </Form>
    </Modal>
  );
}
