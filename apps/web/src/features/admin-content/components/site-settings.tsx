import { useTranslation } from 'react-i18next';
import { ListError, LoadingRows } from '../../../components/console/paged-list-states';
import { useSiteSettings } from '../api/site-settings';
import { RegionRulesForm } from './region-rules-form';
import { SidebarSettingsForm } from './sidebar-settings-form';

/** The sidebar links and contact details, and the region rules: each the configured default until saved here. */
export function SiteSettings() {
  const { t } = useTranslation('consoleContent');
  const settings = useSiteSettings();
  return (
    <div className="site-settings">
      <p className="content-section__hint">{t('site.hint')}</p>
      {settings.isPending && <LoadingRows count={4} />}
      {settings.isError && <ListError onRetry={() => void settings.refetch()} />}
      {settings.data && (
        <>
          {/* a save or reset remounts its form with the values now in force */}
          <SidebarSettingsForm key={`sidebar-${settings.data.sidebar.updatedAt ?? 'configured'}`} settings={settings.data.sidebar} />
          <RegionRulesForm key={`region-${settings.data.region.updatedAt ?? 'configured'}`} settings={settings.data.region} />
        </>
      )}
    </div>
  );
}
