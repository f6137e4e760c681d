import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { SidebarContent } from './sidebar-content';
import './sidebar.css';

interface SidebarProps {
  collapsed: boolean;
  onCollapsedChange: (collapsed: boolean) => void;
}

/** The left sidebar of wider screens: 250 px open, a 20 px strip with its toggle when collapsed. */
export function Sidebar({ collapsed, onCollapsedChange }: SidebarProps) {
  const { t } = useTranslation('layout');
  return (
    <aside className="sider" data-collapsed={collapsed} aria-label={t('sider.label')}>
      <div className="sider__inner">
        <Button
          className="sider__toggle"
          shape="circle"
          size="small"
          icon={collapsed ? <RightOutlined aria-hidden /> : <LeftOutlined aria-hidden />}
          aria-label={collapsed ? t('sider.expand') : t('sider.collapse')}
          aria-expanded={!collapsed}
          aria-controls="sider-panel"
          onClick={() => onCollapsedChange(!collapsed)}
        />
        <div id="sider-panel" className="sider__panel" hidden={collapsed}>
          <SidebarContent />
        </div>
      </div>
    </aside>
  );
}
