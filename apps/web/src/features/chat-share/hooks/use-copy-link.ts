import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { copyText } from '../../../lib/copy-text';

/** Copies a link and says so: 复制成功 (spec section 8), or that copying failed. */
export function useCopyLink(): (url: string) => Promise<void> {
  const { t } = useTranslation('share');
  return useCallback(
    async (url: string) => {
      if (await copyText(url)) notify.success(t('copied'));
      else notify.error(t('copyFailed'));
    },
    [t],
  );
}
