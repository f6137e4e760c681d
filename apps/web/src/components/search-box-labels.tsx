import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * The icons of a search box's buttons (antd's allowClear and Input.Search's button), naming the
 * buttons in the reader's language: antd's own icons name them "close-circle" and "search".
 */
export function useSearchBoxLabels() {
  const { t } = useTranslation('common');
  return {
    allowClear: { clearIcon: <CloseCircleFilled aria-label={t('actions.clear')} /> },
    searchIcon: <SearchOutlined aria-label={t('actions.search')} />,
  };
}
