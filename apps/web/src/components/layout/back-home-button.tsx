import { HomeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** A link that looks like a button: real href for new tabs, in-app navigation on click. */
export function BackHomeButton() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  function goHome(event: MouseEvent) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate('/home');
  }
  return (
    <Button type="primary" href="/home" icon={<HomeOutlined aria-hidden />} onClick={goHome}>
      {t('actions.backHome')}
    </Button>
  );
}
