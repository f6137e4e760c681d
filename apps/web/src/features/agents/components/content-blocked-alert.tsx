import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldProblem } from '../lib/agent-form';

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

interface ContentBlockedAlertProps {
  problems: FieldProblem[];
  /** Saves the form as private for an operator to review (absent: the refusal offers no review). */
  onRequestReview?: () => void;
  requesting?: boolean;
}

/** The content check held the agent back: each field it objected to, and why; the owner may ask an operator to review it. */
export function ContentBlockedAlert({ problems, onRequestReview, requesting = false }: ContentBlockedAlertProps) {
  const { t } = useTranslation('agents');
  return (
    <Alert
      className="agent-editor__alert"
      type="error"
      showIcon
      role="alert"
      title={t('editor.blocked.title')}
      description={
        <>
          {problems.length > 0 ? (
            <ul className="agent-editor__reasons">
              {problems.map((problem) => (
                <li key={problem.name.join('.')}>{t('editor.blocked.reason', { field: fieldLabel(problem.name, t), reason: problem.message })}</li>
              ))}
            </ul>
          ) : (
            t('editor.blocked.generic')
          )}
          {onRequestReview && (
            <div className="agent-editor__review">
              <p>{t('editor.review.offer')}</p>
              <Button onClick={onRequestReview} loading={requesting}>
                {t('editor.review.ask')}
              </Button>
            </div>
          )}
        </>
      }
    />
  );
}
