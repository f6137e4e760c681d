import { knowledgeLimits, type UnansweredQuestion } from '@parley/contracts';
import { Alert, Button, Empty, Input, Popconfirm, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type { UnansweredData } from '@parley/contracts';
import { notify } from '../../../lib/notify';
import { useAnswerUnanswered, useDismissUnanswered } from '../api/unanswered-questions';
import { describeKnowledgeError } from '../lib/describe-error';
import { formatDateTime, formatWhen } from '../lib/format';

function QuestionItem({ appId, question }: { appId: string; question: UnansweredQuestion }) {
  const { t, i18n } = useTranslation('knowledge');
  const answer = useAnswerUnanswered(appId);
  const dismiss = useDismissUnanswered(appId);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = `unanswered-${question.id}`;

  async function save() {
    const trimmed = text.trim();
    if (!trimmed) return setProblem(t('unanswered.answerRequired'));
    if (trimmed.length > knowledgeLimits.unansweredAnswerMaxChars) return setProblem(t('unanswered.answerTooLong', { max: knowledgeLimits.unansweredAnswerMaxChars }));
    setProblem(null);
    try {
      await answer.mutateAsync({ id: question.id, answer: trimmed });
      notify.success(t('unanswered.answered'));
    } catch (error) {
      setProblem(describeKnowledgeError(error, t));
    }
  }

  async function drop() {
    try {
      await dismiss.mutateAsync({ id: question.id });
    } catch (error) {
      notify.error(describeKnowledgeError(error, t));
    }
  }

  return (
    <li className="knowledge-question" aria-labelledby={`${id}-q`}>
      <p id={`${id}-q`} className="knowledge-question__text">
        {question.question}
      </p>
      <p className="knowledge-question__meta">
        {t('unanswered.asked', { times: question.askCount })} ·{' '}
        <time dateTime={question.lastAskedAt} title={formatDateTime(question.lastAskedAt, i18n.language)}>
          {t('unanswered.lastAsked', { when: formatWhen(question.lastAskedAt, i18n.language) })}
        </time>
      </p>
      <Input.TextArea
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoSize={{ minRows: 2, maxRows: 8 }}
        placeholder={t('unanswered.placeholder')}
        aria-label={t('unanswered.answerFor', { question: question.question })}
        status={problem ? 'error' : undefined}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void save();
        }}
      />
      {problem && (
        <p role="alert" className="knowledge-error">
          {problem}
        </p>
      )}
      <div className="knowledge-question__actions">
        <Popconfirm title={t('unanswered.dismissConfirm')} okText={t('unanswered.dismiss')} cancelText={t('cancel')} onConfirm={drop}>
          <Button loading={dismiss.isPending}>{t('unanswered.dismiss')}</Button>
        </Popconfirm>
        <Button type="primary" loading={answer.isPending} onClick={() => void save()}>
          {t('unanswered.save')}
        </Button>
      </div>
    </li>
  );
}

/** Questions the agent had no reliable source for; each answer becomes a Q&A entry. */
export function UnansweredPanel({ appId, unanswered }: { appId: string; unanswered: UseQueryResult<UnansweredData> }) {
  const { t } = useTranslation('knowledge');
  return (
    <div className="knowledge-panel">
      <p className="knowledge-panel__lead">{t('unanswered.lead')}</p>
      {unanswered.isPending && <Skeleton active paragraph={{ rows: 4 }} />}
      {unanswered.isError && (
        <Alert type="error" showIcon title={describeKnowledgeError(unanswered.error, t)} action={<Button onClick={() => void unanswered.refetch()}>{t('retry')}</Button>} />
      )}
      {unanswered.data?.questions.length === 0 && <Empty description={t('unanswered.empty')} />}
      {unanswered.data && unanswered.data.questions.length > 0 && (
        <ul className="knowledge-questions" aria-label={t('unanswered.list')}>
          {unanswered.data.questions.map((question) => (
            <QuestionItem key={question.id} appId={appId} question={question} />
          ))}
        </ul>
      )}
    </div>
  );
}
