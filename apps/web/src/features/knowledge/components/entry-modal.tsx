import { knowledgeLimits, type KnowledgeChunk } from '@parley/contracts';
import { Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveKnowledgeEntry } from '../api/knowledge-entries';
import { describeKnowledgeError } from '../lib/describe-error';
import { emptyEntryForm, entryOfForm, entryProblems, formOfEntry, type EntryField, type EntryFormValues } from '../lib/entry-form';

interface EntryModalProps {
  appId: string;
  /** The entry being edited, null for a new one; the dialog is open when not undefined. */
  editing: KnowledgeChunk | null | undefined;
  onClose: () => void;
}

/** Add or edit one Q&A pair or passage; each field says what is wrong with it, as the contract checks it. */
export function EntryModal({ appId, editing, onClose }: EntryModalProps) {
  const { t } = useTranslation('knowledge');
  const [form] = Form.useForm<EntryFormValues>();
  const save = useSaveKnowledgeEntry(appId);
  const [failure, setFailure] = useState<string | null>(null);
  const kind = Form.useWatch('kind', form) ?? editing?.kind ?? 'qa';
  const open = editing !== undefined;

  async function submit() {
    const values = { ...emptyEntryForm(), ...form.getFieldsValue(true) } as EntryFormValues;
    const problems = entryProblems(values, t);
    const fields: EntryField[] = ['question', 'heading', 'content'];
    form.setFields(fields.map((name) => ({ name, errors: problems[name] ? [problems[name]] : [] })));
    if (Object.keys(problems).length > 0) return;
    setFailure(null);
    try {
      await save.mutateAsync({ id: editing?.id, entry: entryOfForm(values) });
      onClose();
    } catch (error) {
      setFailure(describeKnowledgeError(error, t));
    }
  }

  const contentMax = knowledgeLimits.entryContentMaxChars;
  return (
    <Modal
      open={open}
      title={editing ? t('entries.editTitle') : t('entries.addTitle')}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (visible) form.setFieldsValue(editing ? formOfEntry(editing) : emptyEntryForm());
        setFailure(null);
      }}
    >
      <Form<EntryFormValues> form={form} layout="vertical" initialValues={editing ? formOfEntry(editing) : emptyEntryForm()} onFinish={() => void submit()}>
        <Form.Item name="kind" label={t('entries.kind')}>
          <Radio.Group optionType="button" disabled={Boolean(editing)} options={[{ value: 'qa', label: t('kinds.qa') }, { value: 'passage', label: t('kinds.passage') }]} />
        </Form.Item>
        {kind === 'qa' ? (
          <Form.Item name="question" label={t('entries.fields.question')}>
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} count={{ show: true, max: knowledgeLimits.entryQuestionMaxChars }} />
          </Form.Item>
        ) : (
          <Form.Item name="heading" label={t('entries.fields.heading')} extra={t('entries.headingHint')}>
            <Input count={{ show: true, max: knowledgeLimits.entryHeadingMaxChars }} />
          </Form.Item>
        )}
        <Form.Item name="content" label={kind === 'qa' ? t('entries.fields.qa') : t('entries.fields.passage')}>
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} count={{ show: true, max: contentMax }} />
        </Form.Item>
      </Form>
      {failure && <p role="alert" className="knowledge-error">{failure}</p>}
    </Modal>
  );
}
