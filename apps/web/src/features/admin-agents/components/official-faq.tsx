import { adminAgentsLimits, type OfficialFaqEntry, type OfficialFaqInput } from '@parley/contracts';
import { Button, Empty, Form, Input, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useChangeOfficialFaq } from '../api/change-official-faq';
import { useOfficialFaq } from '../api/get-official-faq';

/** An entry's question and answer, for a new entry or a change; what was typed stays when saving fails. */
function FaqForm({ initial, onSave, onCancel, saving }: { initial?: OfficialFaqInput; onSave: (entry: OfficialFaqInput) => Promise<boolean>; onCancel?: () => void; saving: boolean }) {
  const { t } = useTranslation('consoleAgents');
  const [form] = Form.useForm<OfficialFaqInput>();
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initial ?? { question: '', answer: '' }}
      onFinish={(entry) => void onSave(entry).then((saved) => saved && !initial && form.resetFields())}
      className="admin-agents__faq-form"
    >
      <Form.Item name="question" label={t('faq.question')} rules={[{ required: true, whitespace: true, message: t('faq.questionRequired') }]}>
        <Input maxLength={adminAgentsLimits.faqQuestionMax} />
      </Form.Item>
      <Form.Item name="answer" label={t('faq.answer')} rules={[{ required: true, whitespace: true, message: t('faq.answerRequired') }]}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={adminAgentsLimits.faqAnswerMax} />
      </Form.Item>
      <div className="admin-agents__actions">
        <Button type="primary" htmlType="submit" loading={saving}>
          {initial ? t('faq.save') : t('faq.add')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('cancel')}</Button>}
      </div>
    </Form>
  );
}

/** The official assistant's operator FAQ: each entry changed or removed here, new ones added; the built-in FAQ is only counted. */
export function OfficialFaq() {
  const { t } = useTranslation('consoleAgents');
  const [modal, modalHolder] = Modal.useModal();
  const query = useOfficialFaq();
  const change = useChangeOfficialFaq();
  const [editing, setEditing] = useState<string | null>(null);

  /** True once saved; on a refusal (the client toasted why) the form stays as typed. */
  async function save(run: () => Promise<unknown>, done: string): Promise<boolean> {
    try {
      await run();
      notify.success(done);
      return true;
    } catch {
      return false;
    }
  }

  function confirmRemove(entry: OfficialFaqEntry) {
    void modal.confirm({
      title: t('faq.removeTitle'),
      content: entry.question,
      okText: t('faq.removeOk'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: () => change.mutateAsync({ kind: 'remove', id: entry.id }).then(() => notify.success(t('faq.removed')), () => undefined),
    });
  }

  if (!query.data) return query.isError ? <p role="alert">{t('console:error.title')}</p> : <Skeleton active paragraph={{ rows: 4 }} />;
  const { list, builtInCount } = query.data;
  return (
    <section className="admin-agents__faq" aria-label={t('faq.title')}>
      <h2 className="admin-agents__heading">{t('faq.title')}</h2>
      <p className="admin-agents__intro">{t('faq.intro', { count: builtInCount })}</p>
      {list.length === 0 ? (
        <Empty description={t('faq.empty')} />
      ) : (
        <ol className="admin-agents__faq-list">
          {list.map((entry) => (
            <li key={entry.id} className="admin-agents__faq-entry">
              {editing === entry.id ? (
                <FaqForm
                  initial={{ question: entry.question, answer: entry.answer }}
                  saving={change.isPending}
                  onCancel={() => setEditing(null)}
                  onSave={(next) => save(() => change.mutateAsync({ kind: 'update', id: entry.id, entry: next }), t('faq.saved')).then((saved) => {
                      if (saved) setEditing(null);
                      return saved;
                    })
                  }
                />
              ) : (
                <>
                  <strong className="admin-agents__faq-question">{entry.question}</strong>
                  <p className="admin-agents__faq-answer">{entry.answer}</p>
                  <div className="admin-agents__actions">
                    <Button size="small" onClick={() => setEditing(entry.id)}>
                      {t('faq.edit')}
                    </Button>
                    <Button size="small" danger onClick={() => confirmRemove(entry)}>
                      {t('faq.remove')}
                    </Button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ol>
      )}
      <h3 className="admin-agents__subheading">{t('faq.new')}</h3>
      <FaqForm saving={change.isPending && editing === null} onSave={(entry) => save(() => change.mutateAsync({ kind: 'add', entry }), t('faq.added'))} />
      {modalHolder}
    </section>
  );
}
