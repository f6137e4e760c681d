import { agentLimits, type OfficialData, type OfficialField } from '@parley/contracts';
import { Avatar, Button, Form, Input, Tag } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeHttpError, HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { useUpdateOfficial } from '../api/update-official';
import { formOf, officialChange, type OfficialForm } from '../lib/official-change';

/** `data` of a VALIDATION refusal: `suggestedQuestions.2` becomes the form's ['suggestedQuestions', 2]. */
function fieldErrors(data: unknown): { name: (string | number)[]; errors: string[] }[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((problem: { path?: unknown; message?: unknown }) =>
    typeof problem.path === 'string' && typeof problem.message === 'string'
      ? [{ name: problem.path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)), errors: [problem.message] }]
      : [],
  );
}

/** The official assistant's persona, opening, questions, name, description and avatar, over its built-in texts. */
export function OfficialEditor({ data }: { data: OfficialData }) {
  const { t } = useTranslation('consoleAgents');
  const [form] = Form.useForm<OfficialForm>();
  const update = useUpdateOfficial();
  const [backToBuiltIn, setBackToBuiltIn] = useState<ReadonlySet<OfficialField>>(new Set());

  function followBuiltIn(field: OfficialField) {
    form.setFieldValue(field, formOf(data.builtIn)[field]);
    setBackToBuiltIn((fields) => new Set([...fields, field]));
  }

  function label(field: OfficialField, text: string): ReactNode {
    const changed = data.changed.includes(field) && !backToBuiltIn.has(field);
    return (
      <span className="admin-agents__field-label">
        {text}
        {changed ? <Tag color="blue">{t('official.changed')}</Tag> : <Tag>{t('official.builtIn')}</Tag>}
        {changed && (
          <Button type="link" size="small" onClick={() => followBuiltIn(field)}>
            {t('official.useBuiltIn')}
          </Button>
        )}
      </span>
    );
  }

  async function save(values: OfficialForm) {
    const change = officialChange(data, values, backToBuiltIn);
    if (Object.keys(change).length === 0) {
      notify.success(t('official.nothing'));
      return;
    }
    try {
      const saved = await update.mutateAsync(change);
      form.setFieldsValue(formOf(saved.current));
      setBackToBuiltIn(new Set());
      notify.success(t('official.saved'));
    } catch (error) {
      const problems = error instanceof HttpError ? fieldErrors(error.data) : [];
      if (problems.length > 0) form.setFields(problems as never);
      else notify.error(describeHttpError(error, t));
    }
  }

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={formOf(data.current)}
      onFinish={(values) => void save(values)}
      onValuesChange={(changed: Partial<OfficialForm>) =>
        setBackToBuiltIn((fields) => new Set([...fields].filter((field) => !(field in changed))))
      }
      className="admin-agents__official"
    >
      <Form.Item name="name" label={label('name', t('agents:editor.fields.name'))} rules={[{ required: true, whitespace: true, message: t('official.required') }]}>
        <Input maxLength={agentLimits.nameMaxChars} showCount />
      </Form.Item>
      <Form.Item name="intro" label={label('intro', t('agents:editor.fields.intro'))} rules={[{ required: true, whitespace: true, message: t('official.required') }]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={agentLimits.introMaxChars} showCount />
      </Form.Item>
      <Form.Item label={label('avatarUrl', t('agents:editor.fields.avatar'))} extra={t('official.avatarHint')}>
        <div className="admin-agents__avatar-row">
          <Form.Item noStyle shouldUpdate={(before, after) => before.avatarUrl !== after.avatarUrl}>
            {() => <Avatar size={40} src={form.getFieldValue('avatarUrl') || undefined} alt="">{(form.getFieldValue('name') as string | undefined)?.slice(0, 1)}</Avatar>}
          </Form.Item>
          <Form.Item name="avatarUrl" noStyle>
            <Input aria-label={t('agents:editor.fields.avatar')} placeholder="/files/avatars/…" maxLength={2048} />
          </Form.Item>
        </div>
      </Form.Item>
      <Form.Item name="systemPrompt" label={label('systemPrompt', t('official.persona'))} rules={[{ required: true, whitespace: true, message: t('official.required') }]}>
        <Input.TextArea autoSize={{ minRows: 4, maxRows: 14 }} maxLength={agentLimits.systemPromptMaxChars} />
      </Form.Item>
      <Form.Item name="openingMessage" label={label('openingMessage', t('agents:editor.fields.openingMessage'))} rules={[{ required: true, whitespace: true, message: t('official.required') }]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={agentLimits.openingMessageMaxChars} showCount />
      </Form.Item>
      <Form.Item label={label('suggestedQuestions', t('agents:editor.fields.suggestedQuestions'))}>
        <Form.List name="suggestedQuestions">
          {(fields, { add, remove }) => (
            <div className="admin-agents__questions">
              {fields.map((field, index) => (
                <div key={field.key} className="admin-agents__question">
                  <Form.Item name={field.name} noStyle>
                    <Input aria-label={t('agents:editor.fields.question', { number: index + 1 })} maxLength={agentLimits.suggestedQuestionMaxChars} />
                  </Form.Item>
                  <Button onClick={() => remove(field.name)} disabled={fields.length <= 1} aria-label={t('official.removeQuestion', { number: index + 1 })}>
                    {t('official.remove')}
                  </Button>
                </div>
              ))}
              {fields.length < agentLimits.suggestedQuestionsMax && <Button onClick={() => add('')}>{t('official.addQuestion')}</Button>}
            </div>
          )}
        </Form.List>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {t('official.save')}
      </Button>
    </Form>
  );
}
