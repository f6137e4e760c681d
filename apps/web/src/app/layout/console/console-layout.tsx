import { HomeOutlined, MenuOutlined } from '@ant-design/icons';
import type { OperatorData } from '@parley/contracts';
import { Button, Drawer } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '../../../components/layout/brand-mark';
import { LanguageSelect } from '../../../components/preferences/language-select';
import { ThemeSwitch } from '../../../components/preferences/theme-switch';
import { routePaths } from '../../../lib/route-paths';
import { mobileQuery, useMediaQuery } from '../../../lib/use-media-query';
import { ConsoleNav } from './console-nav';
import './console-layout.css';

/**
 * The operator console's frame: a header (the console's name, language, theme, who is signed in,
 * the way back to the site) over its sections' navigation and the page. Phones get the
 * navigation in a drawer opened from the header.
 */
export function ConsoleLayout({ operator, children }: { operator: OperatorData; children: ReactNode }) {
  const { t } = useTranslation('console');
  const isMobile = useMediaQuery(mobileQuery);
  const [navOpen, setNavOpen] = useState(false);
  return (
    <div className="console-layout" data-mobile={isMobile}>
      <a className="skip-link" href="#main-content">
        {t('common:skipToContent')}
      </a>
      <header className="console-layout__header">
        {isMobile && <Button type="text" icon={<MenuOutlined aria-hidden />} aria-label={t('nav.open')} onClick={() => setNavOpen(true)} />}
        <Link to={routePaths.Console} className="console-layout__brand">
          <BrandMark />
          {/* the mark already says Parley: the header adds which part of it this is */}
          <span className="console-layout__name">{t('section')}</span>
        </Link>
        <div className="console-layout__actions">
          {!isMobile && <LanguageSelect />}
          {!isMobile && <ThemeSwitch />}
          <span className="console-layout__operator" title={t('signedInAs', { name: operator.username })}>
            {operator.username}
          </span>
          <Link to={routePaths.MainChat} className="console-layout__back" aria-label={t('backToSite')}>
            <HomeOutlined aria-hidden />
            {!isMobile && <span>{t('backToSite')}</span>}
          </Link>
        </div>
      </header>
      <div className="console-layout__body">
        {!isMobile && (
          <nav className="console-layout__nav" aria-label={t('nav.label')}>
            <ConsoleNav />
          </nav>
        )}
        <main id="main-content" className="console-layout__main" tabIndex={-1}>
          {children}
        </main>
      </div>
      {isMobile && (
        <Drawer placement="left" open={navOpen} onClose={() => setNavOpen(false)} title={t('title')} size={280}>
          <nav aria-label={t('nav.label')}>
            <ConsoleNav onNavigate={() => setNavOpen(false)} />
          </nav>
          <div className="console-layout__drawer-preferences">
            <span className="console-layout__signed-in">{t('signedInAs', { name: operator.username })}</span>
            <LanguageSelect />
            <ThemeSwitch />
          </div>
        </Drawer>
      )}
    </div>
  );
}
