import { Empty } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './not-ready.css';

/** The honest empty state of a screen whose feature has not been built yet. */
export function NotReady({ description, children }: { description?: string; children?: ReactNode }) {
  const { t } = useTranslation('pages');
  return (
    <div className="not-ready">
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description ?? t('notReady')}>
        {children}
      </Empty>
    </div>
  );
}
