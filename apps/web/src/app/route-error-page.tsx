import { ReloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusPage } from '../components/layout/status-page';

/** A page that failed to load or render (for example its code went missing after a deploy). */
export function RouteErrorPage() {
  const { t } = useTranslation('pages');
  return (
    <StatusPage>
      <div className="status-page__panel">
        <h1 className="status-page__title">{t('routeError.title')}</h1>
        <p className="status-page__text">{t('routeError.subtitle')}</p>
        <div className="status-page__actions">
          <Button type="primary" icon={<ReloadOutlined aria-hidden />} onClick={() => window.location.reload()}>
            {t('common:actions.reload')}
          </Button>
          <Button href="/home">{t('common:actions.backHome')}</Button>
        </div>
      </div>
    </StatusPage>
  );
}
