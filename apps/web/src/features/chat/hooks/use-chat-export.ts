import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { exportElementToPng, exportFileName } from '../lib/export-png';
import { preloadMarkdownFully } from '../components/markdown/markdown-view';

interface Options {
  title: string;
  /** Loads every older page, so the image holds the whole conversation. */
  loadAll: () => Promise<void>;
}

/**
 * Export to PNG: load the whole conversation, draw it off-screen without virtualisation
 * (`rendering`), then capture that drawing (`capture`) into one image.
 */
export function useChatExport({ title, loadAll }: Options) {
  const { t } = useTranslation('chat');
  const [running, setRunning] = useState(false);
  const [rendering, setRendering] = useState(false);

  const start = useCallback(async () => {
    setRunning(true);
    try {
      await Promise.all([loadAll(), preloadMarkdownFully()]);
      setRendering(true);
    } catch {
      notify.error(t('toast.exportFailed'));
      setRunning(false);
    }
  }, [loadAll, t]);

  const capture = useCallback(
    (node: HTMLElement) => {
      exportElementToPng(node, exportFileName(title))
        .then(() => notify.success(t('toast.exported')))
        .catch(() => notify.error(t('toast.exportFailed')))
        .finally(() => {
          setRendering(false);
          setRunning(false);
        });
    },
    [title, t],
  );

  return { start: () => void start(), capture, running, rendering };
}
