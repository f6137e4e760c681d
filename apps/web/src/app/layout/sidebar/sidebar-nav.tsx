import { CustomerServiceOutlined, RobotOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, useLocation } from 'react-router';
import { routePaths } from '../../../lib/route-paths';
import { useConversation } from '../../../stores/conversation-store';
import { useIsOfficialApp } from '../../../stores/app-kind-store';
import './sidebar-nav.css';

interface Entry {
  to: string;
  label: string;
  icon: ReactNode;
  /** Whether this entry is the current one. */
  active: boolean;
  /** The chat history listed under the entry. */
  history?: ReactNode;
}

interface SidebarNavProps {
  onNavigate?: () => void;
  /** The history lists under 智能客服 and 智能体; given only to a logged-in user. */
  histories?: { official?: ReactNode; agents?: ReactNode };
}

function isUnder(pathname: string, prefixes: string[]): boolean {
  return prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

const agentPages = ['/discover', '/create', '/edit', '/user/role', '/upload', '/role/history'];

/**
 * /chat/:appId is a chat with the official assistant or with an agent: which one is known once
 * the chat screen loaded the app (or from the official chat /home resumes). Until then neither
 * entry is marked current, rather than the wrong one.
 */
function useChatKind(pathname: string): 'official' | 'agent' | undefined {
  const appId = matchPath(routePaths.Chat, pathname)?.params.appId;
  const loaded = useIsOfficialApp(appId);
  const resumed = useConversation((state) => Boolean(appId) && state.hitoAppId === appId);
  if (!matchPath(routePaths.Chat, pathname)) return undefined;
  if (!appId) return 'official';
  const official = loaded ?? (resumed ? true : undefined);
  if (official === undefined) return undefined;
  return official ? 'official' : 'agent';
}

export function SidebarNav({ onNavigate, histories }: SidebarNavProps) {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  const chatKind = useChatKind(pathname);
  const entries: Entry[] = [
    {
      to: '/home',
      label: t('nav.customerService'),
      icon: <CustomerServiceOutlined aria-hidden />,
      active: isUnder(pathname, ['/home']) || chatKind === 'official',
      history: histories?.official,
    },
    {
      to: '/discover',
      label: t('nav.agents'),
      icon: <RobotOutlined aria-hidden />,
      active: isUnder(pathname, agentPages) || chatKind === 'agent',
      history: histories?.agents,
    },
  ];
  return (
    <nav aria-label={t('nav.label')}>
      <ul className="sider-nav">
        {entries.map((entry) => {
          const { active } = entry;
          return (
            <li key={entry.to}>
              <Link
                to={entry.to}
                className="sider-nav__link"
                data-active={active}
                aria-current={active ? 'page' : undefined}
                onClick={onNavigate}
              >
                {entry.icon}
                <span>{entry.label}</span>
              </Link>
              {entry.history}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
