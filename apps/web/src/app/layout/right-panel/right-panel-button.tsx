import { TrophyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { setRightPanelOpen, useRightPanelOpen } from './right-panel-store';

/** Opens the rankings drawer of narrow screens: in the phone's top bar, and in the chat header on tablets. */
export function RightPanelButton({ type = 'default' }: { type?: 'default' | 'text' }) {
  const { t } = useTranslation('layout');
  const open = useRightPanelOpen();
  return (
    <Button
      type={type}
      icon={<TrophyOutlined aria-hidden />}
      aria-label={t('rightPanel.open')}
      title={t('rightPanel.open')}
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={() => setRightPanelOpen(true)}
    />
  );
}
