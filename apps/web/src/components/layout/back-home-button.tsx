import { HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LinkButton } from './link-button';

export function BackHomeButton() {
  const { t } = useTranslation('common');
  return (
    <LinkButton to="/home" icon={<HomeOutlined aria-hidden />}>
      {t('actions.backHome')}
    </LinkButton>
  );
}
