import { DownloadOutlined, IdcardOutlined, LoginOutlined, MessageOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LanguageSelect } from '../../../components/preferences/language-select';
import { ThemeSwitch } from '../../../components/preferences/theme-switch';
import { useUnreadCount } from '../../../features/notifications';
import { useSiteConfig } from '../../../features/site';
import { routePaths } from '../../../lib/route-paths';
import { isLoggedIn, setShowLogin, useSession } from '../../../stores/session-store';
import { useUserInfo } from '../../../stores/user-store';
import './sidebar-footer.css';

export function SidebarFooter({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('layout');
  const { t: tSite } = useTranslation('site');
  const downloadUrl = useSiteConfig().data?.links.download;
  const navigate = useNavigate();
  const loggedIn = useSession(isLoggedIn);
  const headUrl = useUserInfo((user) => user.headUrl);
  const username = useUserInfo((user) => user.username);
  const unread = useUnreadCount(loggedIn).data ?? 0;
  const messagesLabel = unread > 0 ? t('footer.messagesUnread', { count: unread }) : t('footer.messages');

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
          {loggedIn && (
            <Link
              to="/user/profile"
              className="sider-footer__icon-link"
              aria-label={t('footer.profile')}
              title={t('footer.profile')}
              onClick={onNavigate}
            >
              <IdcardOutlined aria-hidden />
            </Link>
          )}
          <span className="sider-footer__badged">
            <Button type="text" icon={<MessageOutlined aria-hidden />} aria-label={messagesLabel} title={messagesLabel} onClick={openMessages} />
            {unread > 0 && (
              <span className="sider-footer__badge" aria-hidden>
                {unread > 99 ? '99+' : unread}
              </span>
            )}
          </span>
          {downloadUrl && (
            <a
              href={downloadUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="sider-footer__icon-link"
              aria-label={tSite('download.label')}
              title={tSite('download.label')}
            >
              <DownloadOutlined aria-hidden />
            </a>
          )}
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
      <nav className="sider-footer__pages" aria-label={tSite('footer.label')}>
        <Link to={routePaths.Usage} onClick={onNavigate}>
          {tSite('footer.usage')}
        </Link>
        <Link to={routePaths.Private} onClick={onNavigate}>
          {tSite('footer.private')}
        </Link>
        <Link to={routePaths.AboutUs} onClick={onNavigate}>
          {tSite('footer.aboutUs')}
        </Link>
      </nav>
    </div>
  );
}
