import { errorCodes, type AgentDetail, type AgentInput } from '@parley/contracts';
import { Alert, Form } from 'antd';
import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { describeHttpError, HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { useAgentModels } from '../api/get-agent-models';
import { useDeleteAgent } from '../api/delete-agent';
import { useRequestReview } from '../api/request-review';
import { useSaveAgent } from '../api/save-agent';
import { emptyAgentForm, fieldProblems, formOfAgent, inputOfForm, sameForm, type AgentFormValues, type FieldProblem } from '../lib/agent-form';
import { describeFieldProblem } from '../lib/field-messages';
import { AgentEditorActions } from './agent-editor-actions';
import { AgentEditorForm } from './agent-editor-form';
import { ContentBlockedAlert } from './content-blocked-alert';
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
  /** The form as sent, which an operator may be asked to review. */
  sent: AgentInput;
}

/** The navigation state of the edit screen an agent was just created from. */
export const createdState = { created: true } as const;

/** Whether the edit screen was opened by creating its agent. */
export function wasJustCreated(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { created?: unknown }).created === true;
}

/** Create or edit an agent: the form, saving with field-level errors, deleting, and the preview beside it. */
export function AgentEditor({ agent, editPath, afterDeletePath, preview }: AgentEditorProps) {
  const { t } = useTranslation('agents');
  const navigate = useNavigate();
  const [form] = Form.useForm<AgentFormValues>();
  const models = useAgentModels();
  const save = useSaveAgent(agent?.id);
  const review = useRequestReview(agent?.id);
  const remove = useDeleteAgent();
  const [saved, setSaved] = useState<AgentFormValues>(() => (agent ? formOfAgent(agent) : emptyAgentForm()));
  const [values, setValues] = useState<AgentFormValues>(saved);
  const [blocked, setBlocked] = useState<Blocked | null>(null);
  // where to go once nothing is left unsaved; `created` tells the edit screen to offer the next steps
  const [leaveTo, setLeaveTo] = useState<{ path: string; created?: boolean } | null>(null);
  const dirty = leaveTo === null && !sameForm(values, saved);
  // Typing stays quick: the preview catches up when the form is idle.
  const draft = useDeferredValue(values);

  // Navigates once the guard has seen that nothing is left unsaved.
  useEffect(() => {
    if (leaveTo) void navigate(leaveTo.path, { replace: true, state: leaveTo.created ? createdState : undefined });
  }, [leaveTo, navigate]);

  async function submit(formValues: AgentFormValues) {
    setBlocked(null);
    const sent = inputOfForm(formValues);
    try {
      keep(await save.mutateAsync(sent), t('editor.saved'));
    } catch (error) {
      showSaveError(error, sent);
    }
  }

  /** The saved agent becomes the form; a new one's edit screen says it was created, with what to do next, instead of a toast. */
  function keep(result: AgentDetail, done: string) {
    const next = formOfAgent(result);
    setSaved(next);
    setValues(next);
    form.setFieldsValue(next);
    if (agent) notify.success(done);
    else setLeaveTo({ path: editPath(result.id), created: true });
  }

  /** The content check refused `sent`: it is saved as private, waiting for an operator (or published, should it pass now). */
  async function askForReview(sent: AgentInput) {
    try {
      const result = await review.mutateAsync(sent);
      setBlocked(null);
      keep(result, result.reviewRequestedAt ? t('editor.review.requested') : t('editor.saved'));
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
    if (error.code === errorCodes.CONTENT_BLOCKED.code) setBlocked({ problems, sent });
    else if (problems.length === 0) notify.error(describeHttpError(error, t));
  }

  async function deleteThis() {
    if (!agent) return;
    await remove.mutateAsync(agent.id);
    notify.success(t('editor.deleted'));
    setLeaveTo({ path: afterDeletePath });
  }

  const actions = (
    <AgentEditorActions savedName={agent?.name ?? null} saving={save.isPending} deleting={remove.isPending} dirty={dirty} onDelete={deleteThis} />
  );

  return (
    <div className="agent-editor">
      <div className="agent-editor__main">
        {agent?.hidden && (
          <Alert className="agent-editor__alert" type="warning" showIcon title={t('editor.hidden')} description={agent.hiddenReason || undefined} />
        )}
        {agent?.reviewRequestedAt && !blocked && <Alert className="agent-editor__alert" type="info" showIcon title={t('editor.review.waiting')} description={t('editor.review.waitingBody')} />}
        {blocked && <ContentBlockedAlert problems={blocked.problems} onRequestReview={() => void askForReview(blocked.sent)} requesting={review.isPending} />}
        <AgentEditorForm form={form} initialValues={saved} models={models.data} onValuesChange={setValues} onSubmit={(next) => void submit(next)} actions={actions} />
      </div>
      <aside className="agent-editor__preview">{preview(draft)}</aside>
      <UnsavedChangesGuard dirty={dirty} />
    </div>
  );
}
