import type { QualityAgent, UnansweredEntry } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Modal, Tabs, Tag } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notify } from '../../../lib/notify';
import { qualityKeys, type QualityListKind } from '../api/get-quality-lists';
import { dismissFeedback, dismissReport, dismissUnanswered, useQualityAction } from '../api/quality-actions';
import { AnswerQuestionDialog } from './answer-question-dialog';
import { ConversationDrawer } from './conversation-drawer';
import { FeedbackItem, ReportItem, UnansweredItem } from './quality-entries';
import { QualityList } from './quality-list';
import './quality-queue.css';

const tabs: readonly QualityListKind[] = ['unanswered', 'feedback', 'reports'];

interface QualityQueueProps {
  /** Draws a message's text in a conversation (the chat's markdown renderer). */
  renderText: (text: string) => ReactNode;
  /**
   * Hides an agent, asking for the reason its owner will read (the agents section's dialog), then
   * calls `done` so the queue shows the agent hidden; absent: no such button.
   */
  onHideAgent?: (agent: QualityAgent, done: () => void) => void;
}

/**
 * The quality queue: what the official assistant and the agents could not answer, thumbs-down
 * answers and reported answers, one tab each, for every agent or one (`?agent=`); each entry
 * opens its conversation and has its own way to be closed.
 */
export function QualityQueue({ renderText, onHideAgent }: QualityQueueProps) {
  const { t } = useTranslation('consoleQuality');
  const [params, setParams] = useSearchParams();
  const tab = tabs.find((kind) => kind === params.get('tab')) ?? 'unanswered';
  const appId = params.get('agent') ?? undefined;
  const agentName = params.get('agentName') ?? appId;
  const [opened, setOpened] = useState<string | null>(null);
  const [answering, setAnswering] = useState<UnansweredEntry | null>(null);
  const [modal, modalHolder] = Modal.useModal();
  const dismissQuestion = useQualityAction(dismissUnanswered);
  const setAside = useQualityAction(dismissFeedback);
  const closeReport = useQualityAction(dismissReport);
  const queryClient = useQueryClient();
  const hide = onHideAgent && ((agent: QualityAgent) => () => onHideAgent(agent, () => void queryClient.invalidateQueries({ queryKey: qualityKeys.all })));

  function update(change: Record<string, string | null>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  }

  const filter = (agent: QualityAgent) => update({ agent: agent.id, agentName: agent.isOfficial ? t('officialAssistant') : agent.name });

  /** Asks first (a dialog the keyboard reaches), then closes the entry. */
  function confirm(title: string, okText: string, run: () => Promise<unknown>, done: string) {
    void modal.confirm({
      title,
      okText,
      cancelText: t('actions.cancel'),
      onOk: () => run().then(() => notify.success(done)),
    });
  }

  const shared = { onOpen: setOpened, onFilter: filter };
  const lists: Record<QualityListKind, ReactNode> = {
    unanswered: (
      <QualityList
        kind="unanswered"
        appId={appId}
        renderEntry={(entry) => (
          <UnansweredItem
            key={entry.id}
            entry={entry}
            {...shared}
            onAnswer={() => setAnswering(entry)}
            onDismiss={() => confirm(t('unanswered.confirmDismiss'), t('actions.dismiss'), () => dismissQuestion.mutateAsync(entry.id), t('unanswered.dismissed'))}
          />
        )}
      />
    ),
    feedback: (
      <QualityList
        kind="feedback"
        appId={appId}
        renderEntry={(entry) => (
          <FeedbackItem
            key={entry.chatItemId}
            entry={entry}
            {...shared}
            onDismiss={() => confirm(t('feedback.confirmDismiss'), t('actions.setAside'), () => setAside.mutateAsync(entry.chatItemId), t('feedback.dismissed'))}
            onHide={hide?.(entry.agent)}
          />
        )}
      />
    ),
    reports: (
      <QualityList
        kind="reports"
        appId={appId}
        renderEntry={(entry) => (
          <ReportItem
            key={entry.id}
            entry={entry}
            {...shared}
            onDismiss={() => confirm(t('reports.confirmDismiss'), t('actions.dismissReport'), () => closeReport.mutateAsync(entry.id), t('reports.dismissed'))}
            onHide={hide?.(entry.agent)}
          />
        )}
      />
    ),
  };

  return (
    <section className="quality-queue">
      {appId && (
        <p className="quality-queue__filter">
          <Tag closable onClose={() => update({ agent: null, agentName: null })} closeIcon={<span aria-label={t('filter.clear')}>×</span>}>
            {t('filter.showing', { name: agentName })}
          </Tag>
        </p>
      )}
      <Tabs
        activeKey={tab}
        onChange={(key) => update({ tab: key })}
        items={tabs.map((kind) => ({ key: kind, label: t(`tabs.${kind}`), children: lists[kind] }))}
      />
      {answering && <AnswerQuestionDialog entry={answering} onClose={() => setAnswering(null)} />}
      {opened && <ConversationDrawer chatItemId={opened} onClose={() => setOpened(null)} renderText={renderText} />}
      {modalHolder}
    </section>
  );
}
