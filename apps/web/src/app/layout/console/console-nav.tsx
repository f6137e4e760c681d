import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { consoleSections, sectionOf } from './console-sections';

/** The console's sections as links; the current one marked. */
export function ConsoleNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('console');
  const { pathname } = useLocation();
  const current = sectionOf(pathname);
  return (
    <Menu
      mode="inline"
      className="console-nav"
      // the column draws the line beside the navigation; antd's menu would draw a second, shorter one
      style={{ borderInlineEnd: 'none' }}
      selectedKeys={current ? [current.key] : []}
      items={consoleSections.map((section) => ({
        key: section.key,
        label: (
          <Link to={section.path} onClick={onNavigate} aria-current={current?.key === section.key ? 'page' : undefined}>
            {t(`nav.${section.key}`)}
          </Link>
        ),
      }))}
    />
  );
}
