import { LoginOutlined, MessageOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isLoggedIn, setShowLogin, useSession } from '../../stores/session-store';
import { useUserInfo } from '../../stores/user-store';
import { LanguageSelect } from '../preferences/language-select';
import { ThemeSwitch } from '../preferences/theme-switch';
import './sidebar-footer.css';

export function SidebarFooter({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const loggedIn = useSession(isLoggedIn);
  const headUrl = useUserInfo((user) => user.headUrl);
  const username = useUserInfo((user) => user.username);

  function openMessages() {
    if (!loggedIn) {
      setShowLogin(true);
      return;
    }
    onNavigate?.();
    void navigate('/user/message');
  }

  return (
    <div className="sider-footer">
      {loggedIn ? (
        <Link to="/setting" className="sider-footer__user" onClick={onNavigate}>
          <span className="sider-footer__avatar" aria-hidden>
            {headUrl ? <img src={headUrl} alt="" /> : <UserOutlined />}
          </span>
          <span className="sider-footer__username">{username || t('footer.account')}</span>
        </Link>
      ) : (
        <Button type="primary" block icon={<LoginOutlined aria-hidden />} onClick={() => setShowLogin(true)}>
          {t('footer.login')}
        </Button>
      )}
      <div className="sider-footer__row">
        <ThemeSwitch />
        <div className="sider-footer__icons">
          <Button
            type="text"
            icon={<MessageOutlined aria-hidden />}
            aria-label={t('footer.messages')}
            title={t('footer.messages')}
            onClick={openMessages}
          />
          <Link
            to="/setting"
            className="sider-footer__icon-link"
            aria-label={t('footer.settings')}
            title={t('footer.settings')}
            onClick={onNavigate}
          >
            <SettingOutlined aria-hidden />
          </Link>
        </div>
      </div>
      <LanguageSelect />
    </div>
  );
}
