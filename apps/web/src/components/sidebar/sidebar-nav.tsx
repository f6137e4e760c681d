import { CustomerServiceOutlined, RobotOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import './sidebar-nav.css';

interface Entry {
  to: string;
  label: string;
  icon: ReactNode;
  /** Path prefixes where this entry is the current one. */
  activeOn: string[];
  /** The chat history listed under the entry. */
  history?: ReactNode;
}

interface SidebarNavProps {
  onNavigate?: () => void;
  /** The history lists under 智能客服 and 智能体; given only to a logged-in user. */
  histories?: { official?: ReactNode; agents?: ReactNode };
}

function isActive(pathname: string, prefixes: string[]): boolean {
  return prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

export function SidebarNav({ onNavigate, histories }: SidebarNavProps) {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  const entries: Entry[] = [
    { to: '/home', label: t('nav.customerService'), icon: <CustomerServiceOutlined aria-hidden />, activeOn: ['/home', '/chat'], history: histories?.official },
    { to: '/discover', label: t('nav.agents'), icon: <RobotOutlined aria-hidden />, activeOn: ['/discover'], history: histories?.agents },
  ];
  return (
    <nav aria-label={t('nav.label')}>
      <ul className="sider-nav">
        {entries.map((entry) => {
          const active = isActive(pathname, entry.activeOn);
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
