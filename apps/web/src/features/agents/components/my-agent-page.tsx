import { ArrowLeftOutlined, EditOutlined, MessageOutlined, RobotOutlined } from '@ant-design/icons';
import type { AgentDetail } from '@parley/contracts';
import { Avatar, Button, Skeleton, Tabs } from 'antd';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, generatePath, useSearchParams } from 'react-router';
import { BrandResult } from '../../../components/layout/brand-result';
import { LinkButton } from '../../../components/layout/link-button';
import { PageShell } from '../../../components/layout/page-shell';
import { chatPath, routePaths } from '../../../lib/route-paths';
import { isLoggedIn, useSession } from '../../../stores/session-store';
import { useAgentDetail } from '../api/get-agent-detail';
import { describeAgentError, isMissingAgent } from '../lib/describe-error';
import { LoginRequired } from './login-required';
import './my-agent-page.css';

/** A part of the page about one agent (API keys; later its analytics, its embed widget). */
export interface MyAgentSection {
  key: string;
  label: string;
  render: (agent: AgentDetail) => ReactNode;
}

interface MyAgentPageProps {
  appId: string;
  sections: readonly MyAgentSection[];
}

/** One section under its heading; several as tabs, the open one kept in the address (?tab=). */
function Sections({ agent, sections }: { agent: AgentDetail; sections: readonly MyAgentSection[] }) {
  const headingId = useId();
  const [search, setSearch] = useSearchParams();
  const [only] = sections;
  if (sections.length === 1 && only) {
    return (
      <section className="my-agent-page__section" aria-labelledby={headingId}>
        <h2 id={headingId} className="my-agent-page__section-title">
          {only.label}
        </h2>
        {only.render(agent)}
      </section>
    );
  }
  const open = sections.find((section) => section.key === search.get('tab')) ?? only;
  return (
    <Tabs
      activeKey={open?.key}
      onChange={(tab) => setSearch({ tab }, { replace: true })}
      items={sections.map((section) => ({ key: section.key, label: section.label, children: section.render(agent) }))}
    />
  );
}

/** /user/role/:appId: one of my agents, for its owner; log in first, and someone else's agent reads as not found. */
export function MyAgentPage({ appId, sections }: MyAgentPageProps) {
  const { t } = useTranslation('agents');
  const loggedIn = useSession(isLoggedIn);
  const agent = useAgentDetail(appId, loggedIn);
  const back = (
    <Link to={routePaths.UserRole} className="my-agent-page__back">
      <ArrowLeftOutlined aria-hidden /> {t('manage.back')}
    </Link>
  );
  const title = t('manage.title');

  if (!loggedIn) {
    return (
      <PageShell title={title} back={back}>
        <LoginRequired message={t('login.toManage')} />
      </PageShell>
    );
  }
  if (agent.isPending) {
    return (
      <PageShell title={title} back={back}>
        <div role="status" aria-label={t('manage.loading')}>
          <Skeleton active avatar paragraph={{ rows: 6 }} />
        </div>
      </PageShell>
    );
  }
  if (!agent.data) {
    const missing = isMissingAgent(agent.error);
    return (
      <PageShell title={title} back={back}>
        <BrandResult
          kind={missing ? 'not-found' : 'problem'}
          title={missing ? t('manage.notFound') : describeAgentError(agent.error, t)}
          subTitle={missing ? t('manage.notFoundHint') : undefined}
          extra={[
            !missing && (
              <Button key="retry" type="primary" loading={agent.isFetching} onClick={() => void agent.refetch()}>
                {t('manage.retry')}
              </Button>
            ),
            <LinkButton key="mine" type={missing ? 'primary' : 'default'} to={routePaths.UserRole}>
              {t('manage.back')}
            </LinkButton>,
          ]}
        />
      </PageShell>
    );
  }

  const links = (
    <div className="my-agent-page__links">
      <LinkButton type="default" icon={<MessageOutlined aria-hidden />} to={chatPath(agent.data.id)}>
        {t('manage.chat')}
      </LinkButton>
      <LinkButton type="default" icon={<EditOutlined aria-hidden />} to={generatePath(routePaths.Edit, { appId: agent.data.id })}>
        {t('manage.edit')}
      </LinkButton>
    </div>
  );
  return (
    <PageShell
      title={agent.data.name}
      back={back}
      icon={<Avatar size={40} src={agent.data.avatarUrl || undefined} icon={<RobotOutlined />} alt="" aria-hidden />}
      extra={links}
    >
      <Sections agent={agent.data} sections={sections} />
    </PageShell>
  );
}
