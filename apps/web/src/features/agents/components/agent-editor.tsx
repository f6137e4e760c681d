import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { errorCodes, type AgentDetail, type AgentInput } from '@parley/contracts';
import { Alert, Button, Form, Popconfirm } from 'antd';
import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { useAgentModels } from '../api/get-agent-models';
import { useDeleteAgent } from '../api/delete-agent';
import { useSaveAgent } from '../api/save-agent';
import { emptyAgentForm, fieldProblems, formOfAgent, inputOfForm, sameForm, type AgentFormValues, type FieldProblem } from '../lib/agent-form';
import { describeFieldProblem } from '../lib/field-messages';
import { AgentEditorForm } from './agent-editor-form';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import './agent-editor.css';

interface AgentEditorProps {
  /** The agent being edited; none on /create. */
  agent?: AgentDetail;
  /** Where a saved new agent is edited from now on, and where a deleted one goes. */
  editPath: (id: string) => string;
  afterDeletePath: string;
  /** The live preview of the form as it is now (unsaved). */
  preview: (draft: AgentFormValues) => ReactNode;
}

interface Blocked {
  problems: FieldProblem[];
}

/** Create or edit an agent: the form, saving with field-level errors, deleting, and the preview beside it. */
export function AgentEditor({ agent, editPath, afterDeletePath, preview }: AgentEditorProps) {
  const { t } = useTranslation('agents');
  const navigate = useNavigate();
  const [form] = Form.useForm<AgentFormValues>();
  const models = useAgentModels();
  const save = useSaveAgent(agent?.id);
  const remove = useDeleteAgent();
  const [saved, setSaved] = useState<AgentFormValues>(() => (agent ? formOfAgent(agent) : emptyAgentForm()));
  const [values, setValues] = useState<AgentFormValues>(saved);
  const [blocked, setBlocked] = useState<Blocked | null>(null);
  const [leaveTo, setLeaveTo] = useState<string | null>(null);
  const dirty = leaveTo === null && !sameForm(values, saved);
  // Typing stays quick: the preview catches up when the form is idle.
  const draft = useDeferredValue(values);

  // Navigates once the guard has seen that nothing is left unsaved.
  useEffect(() => {
    if (leaveTo) void navigate(leaveTo, { replace: true });
  }, [leaveTo, navigate]);

  async function submit(formValues: AgentFormValues) {
    setBlocked(null);
    const sent = inputOfForm(formValues);
    try {
      const result = await save.mutateAsync(sent);
      const next = formOfAgent(result);
      setSaved(next);
      setValues(next);
      form.setFieldsValue(next);
      notify.success(t('editor.saved'));
      if (!agent) setLeaveTo(editPath(result.id));
    } catch (error) {
      showSaveError(error, sent);
    }
  }

  function showSaveError(error: unknown, sent: AgentInput) {
    if (!(error instanceof HttpError)) {
      notify.error(t('editor.saveFailed'));
      return;
    }
    const problems = fieldProblems(error.data).map((problem) => ({ ...problem, message: describeFieldProblem(problem, sent, t) }));
    // The server's paths are the form's own field names (see fieldProblems).
    if (problems.length > 0) form.setFields(problems.map(({ name, message }) => ({ name: name as never, errors: [message] })));
    if (error.code === errorCodes.CONTENT_BLOCKED.code) setBlocked({ problems });
    else if (problems.length === 0) notify.error(error.msg);
  }

  async function deleteThis() {
    if (!agent) return;
    await remove.mutateAsync(agent.id);
    notify.success(t('editor.deleted'));
    setLeaveTo(afterDeletePath);
  }

  const actions = (
    <>
      <Button type="primary" htmlType="submit" icon={<SaveOutlined aria-hidden />} loading={save.isPending}>
        {agent ? t('editor.actions.save') : t('editor.actions.create')}
      </Button>
      {agent && (
        <Popconfirm
          title={t('delete.confirm', { name: agent.name })}
          description={t('delete.explain')}
          okText={t('delete.ok')}
          cancelText={t('delete.cancel')}
          okButtonProps={{ danger: true, loading: remove.isPending }}
          onConfirm={deleteThis}
        >
          <Button danger icon={<DeleteOutlined aria-hidden />}>
            {t('editor.actions.delete')}
          </Button>
        </Popconfirm>
      )}
      {dirty && <span className="agent-editor__dirty">{t('editor.unsavedNote')}</span>}
    </>
  );

  return (
    <div className="agent-editor">
      <div className="agent-editor__main">
        {agent?.hidden && (
          <Alert className="agent-editor__alert" type="warning" showIcon title={t('editor.hidden')} description={agent.hiddenReason || undefined} />
        )}
        {blocked && (
          <Alert
            className="agent-editor__alert"
            type="error"
            showIcon
            role="alert"
            title={t('editor.blocked.title')}
            description={
              blocked.problems.length > 0 ? (
                <ul className="agent-editor__reasons">
                  {blocked.problems.map((problem) => (
                    <li key={problem.name.join('.')}>
                      {t('editor.blocked.reason', { field: fieldLabel(problem.name, t), reason: problem.message })}
                    </li>
                  ))}
                </ul>
              ) : (
                t('editor.blocked.generic')
              )
            }
          />
        )}
        <AgentEditorForm form={form} initialValues={saved} models={models.data} onValuesChange={setValues} onSubmit={(next) => void submit(next)} actions={actions} />
      </div>
      <aside className="agent-editor__preview">{preview(draft)}</aside>
      <UnsavedChangesGuard dirty={dirty} />
    </div>
  );
}

const fieldKeys: Record<string, string> = {
  name: 'name',
  intro: 'intro',
  systemPrompt: 'systemPrompt',
  avatarUrl: 'avatar',
  openingMessage: 'openingMessage',
  suggestedQuestions: 'suggestedQuestions',
};

function fieldLabel(name: (string | number)[], t: (key: string) => string): string {
  const key = fieldKeys[String(name[0])];
  return key ? t(`editor.fields.${key}`) : String(name[0]);
}
