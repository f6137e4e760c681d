import type { AdminAgent } from '@parley/contracts';
import { Alert, Button, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useAdminAgent } from '../api/get-admin-agent';
import { useModerateAgent } from '../api/moderate-agent';
import { AgentFacts } from './agent-figures';
import { AgentPages } from './agent-list';

const fieldKeys: Record<string, string> = {
  name: 'name',
  intro: 'intro',
  systemPrompt: 'systemPrompt',
  avatarUrl: 'avatar',
  openingMessage: 'openingMessage',
  suggestedQuestions: 'suggestedQuestions',
};

/** A held agent as its owner saved it, what the content check found, and the operator's two answers. */
function HeldAgent({ agent, onDecline }: { agent: AdminAgent; onDecline: (agent: AdminAgent) => void }) {
  const { t, i18n } = useTranslation('consoleAgents');
  const [modal, modalHolder] = Modal.useModal();
  const detail = useAdminAgent(agent.id);
  const moderate = useModerateAgent();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  function approve() {
    void modal.confirm({
      title: t('approve.title', { name: agent.name }),
      content: t('approve.body'),
      okText: t('approve.ok'),
      cancelText: t('cancel'),
      onOk: () =>
        moderate.mutateAsync({ id: agent.id, moderation: { kind: 'approve' } }).then(
          () => notify.success(t('approve.done', { name: agent.name })),
          () => undefined,
        ),
    });
  }

  const data = detail.data;
  return (
    <li className="admin-agents__held">
      <div className="admin-agents__held-head">
        <strong className="admin-agents__name">{agent.name}</strong>
        <AgentFacts agent={agent} />
        {agent.reviewRequestedAt && <span className="admin-agents__reason">{t('askedAt', { date: when.format(new Date(agent.reviewRequestedAt)) })}</span>}
      </div>
      {!data ? (
        detail.isError ? <p role="alert">{t('console:error.title')}</p> : <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <>
          <Alert
            type="warning"
            showIcon
            title={t('found')}
            description={
              <ul className="admin-agents__problems">
                {data.reviewProblems.map((problem) => (
                  <li key={`${problem.path}-${problem.message}`}>
                    {t('problem', { field: t(`agents:editor.fields.${fieldKeys[problem.path.split('.')[0] ?? ''] ?? 'name'}`), reason: problem.word ? t('word', { word: problem.word }) : problem.message })}
                  </li>
                ))}
              </ul>
            }
          />
          <dl className="admin-agents__texts">
            <dt>{t('agents:editor.fields.intro')}</dt>
            <dd>{data.intro}</dd>
            <dt>{t('agents:editor.fields.systemPrompt')}</dt>
            <dd className="admin-agents__prompt">{data.systemPrompt}</dd>
            {data.openingMessage && (
              <>
                <dt>{t('agents:editor.fields.openingMessage')}</dt>
                <dd>{data.openingMessage}</dd>
              </>
            )}
            {data.suggestedQuestions.length > 0 && (
              <>
                <dt>{t('agents:editor.fields.suggestedQuestions')}</dt>
                <dd>
                  <ul>
                    {data.suggestedQuestions.map((question) => (
                      <li key={question}>{question}</li>
                    ))}
                  </ul>
                </dd>
              </>
            )}
          </dl>
        </>
      )}
      <div className="admin-agents__actions">
        <Button type="primary" onClick={approve} disabled={!data}>
          {t('approve.action')}
        </Button>
        <Button danger onClick={() => onDecline(agent)}>
          {t('decline.action')}
        </Button>
      </div>
      {modalHolder}
    </li>
  );
}

/** Agents whose owners asked for a review of what the content check refused, newest first. */
export function ReviewQueue({ onDecline }: { onDecline: (agent: AdminAgent) => void }) {
  const { t } = useTranslation('consoleAgents');
  return (
    <section aria-label={t('tabs.review')}>
      <p className="admin-agents__intro">{t('reviewIntro')}</p>
      <AgentPages filter={{ held: true }} emptyText={t('reviewEmpty')} row={(agent) => <HeldAgent key={agent.id} agent={agent} onDecline={onDecline} />} />
    </section>
  );
}
