import type { ChatAppInfo } from '@parley/contracts';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { generatePath, useLocation, useParams } from 'react-router';
import { LinkButton } from '../../components/layout/link-button';
import { PageShell } from '../../components/layout/page-shell';
import { AgentEditor, AgentNextSteps, describeAgentError, LoginRequired, streamPreview, useAgentDetail, wasJustCreated, type AgentFormValues } from '../../features/agents';
import { PreviewChat, type PreviewAsk } from '../../features/chat';
import { chatPath, routePaths } from '../../lib/route-paths';
import { isLoggedIn, useSession } from '../../stores/session-store';
import { useUserInfo } from '../../stores/user-store';
import { BrandResult } from '../../components/layout/brand-result';

/** The draft as the preview chat shows it. */
function draftApp(draft: AgentFormValues, creatorName: string, fallbackName: string): ChatAppInfo {
  return {
    id: 'preview',
    name: draft.name.trim() || fallbackName,
    avatarUrl: draft.avatarUrl,
    intro: draft.intro,
    openingMessage: draft.openingMessage,
    suggestedQuestions: draft.suggestedQuestions,
    isOfficial: false,
    creatorName: creatorName || null,
    deleted: false,
    closedBecause: null,
    hiddenByOperator: false,
  };
}

/** Create (/create) and edit (/edit/:appId) share this screen: the form, and a live preview of the draft. */
export default function AppEditorPage() {
  const { t } = useTranslation('agents');
  const { appId } = useParams();
  const justCreated = wasJustCreated(useLocation().state);
  const loggedIn = useSession(isLoggedIn);
  const username = useUserInfo((user) => user.username);
  const detail = useAgentDetail(appId, loggedIn);
  const title = appId ? t('pages:edit.title') : t('pages:create.title');

  if (!loggedIn) {
    return (
      <PageShell title={title}>
        <LoginRequired message={t('login.toCreate')} />
      </PageShell>
    );
  }
  if (appId && detail.isPending) {
    return (
      <PageShell title={title}>
        <Skeleton active avatar paragraph={{ rows: 10 }} />
      </PageShell>
    );
  }
  if (appId && !detail.data) {
    return (
      <PageShell title={title}>
        <BrandResult kind="problem" title={describeAgentError(detail.error, t)} extra={<LinkButton to={routePaths.UserRole}>{t('mine.back')}</LinkButton>} />
      </PageShell>
    );
  }

  const preview = (draft: AgentFormValues) => {
    const ask: PreviewAsk = (turns, content, options) => streamPreview({ draft: { ...draft, visibility: 'private' }, appId, turns, content }, options);
    return <PreviewChat app={draftApp(draft, username, t('editor.untitled'))} ask={ask} explainRefusal={(error) => describeAgentError(error, t)} />;
  };
  return (
    <PageShell title={title}>
      {justCreated && detail.data && (
        <AgentNextSteps
          agent={detail.data}
          paths={{ knowledge: generatePath(routePaths.Upload, { appId: detail.data.id }), chat: chatPath(detail.data.id), share: routePaths.UserRole }}
        />
      )}
      <AgentEditor
        key={appId ?? 'new'}
        agent={detail.data}
        editPath={(id) => generatePath(routePaths.Edit, { appId: id })}
        afterDeletePath={routePaths.UserRole}
        preview={preview}
      />
    </PageShell>
  );
}
