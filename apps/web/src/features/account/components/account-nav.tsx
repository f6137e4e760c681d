import { LogoutOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import { logOut } from '../../auth';
import { isLoggedIn, setShowLogin, useSession } from '../../../stores/session-store';
import './account.css';

const sections = [
  { to: '/user/profile', key: 'profile' },
  { to: '/user/account', key: 'security' },
  { to: '/user/message', key: 'messages' },
  { to: '/account/modify', key: 'phone' },
  { to: '/account/delete', key: 'delete' },
] as const;

/** The account screens' own navigation, and the way to log out. */
export function AccountNav() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const loggedIn = useSession(isLoggedIn);
  const [leaving, setLeaving] = useState(false);

  // A deliberate sign-out: this page, which needs an account, must not greet it with the login dialog.
  async function logOutHere() {
    setLeaving(true);
    await logOut();
    await navigate('/home');
    setShowLogin(false);
  }

  return (
    <nav className="account-nav" aria-label={t('nav.label')}>
      <ul>
        {sections.map((section) => (
          <li key={section.key}>
            <NavLink to={section.to}>{t(`nav.${section.key}`)}</NavLink>
          </li>
        ))}
      </ul>
      {loggedIn && (
        <Button icon={<LogoutOutlined aria-hidden />} onClick={() => void logOutHere()} loading={leaving}>
          {t('logout')}
        </Button>
      )}
    </nav>
  );
}
