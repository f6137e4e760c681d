import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { chatArchiveLimits, errorCodes, type ChatArchive } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Popconfirm, Space } from 'antd';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadText, readTextFile } from '../../../lib/download-file';
import { formatBytes } from '../../../lib/format-bytes';
import { describeHttpError, HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { resetChatStorage } from '../../../stores/chat-store';
import { resetConversationStorage } from '../../../stores/conversation-store';
import { clearAllChats, exportChats, importChats } from '../api/chat-archive';
import { archiveFileName, checkArchiveFile, problemsShown, serverProblems, type ArchiveProblem } from '../lib/archive-file';
import './chat-history-tools.css';

type Busy = 'export' | 'import' | 'clear' | null;

interface Refusal {
  message: string;
  problems: ArchiveProblem[];
}

/** Settings > General: every chat to a JSON file, such a file back in, or every chat cleared. */
export function ChatHistoryTools() {
  const { t, i18n } = useTranslation('history');
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const maxSize = formatBytes(chatArchiveLimits.maxBytes, i18n.language);

  async function exportAll() {
    setBusy('export');
    try {
      const archive = await exportChats();
      downloadText(archiveFileName(), JSON.stringify(archive, null, 2));
      notify.success(t('tools.exportSuccess', { count: archive.chats.length }));
    } catch {
      notify.error(t('tools.exportFailed'));
    } finally {
      setBusy(null);
    }
  }

  async function importFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setRefusal(null);
    setBusy('import');
    let archive: ChatArchive | null = null;
    try {
      const checked = checkArchiveFile(await readTextFile(file, chatArchiveLimits.maxBytes));
      if (!checked.ok) {
        setRefusal({ message: t(`tools.refused.${checked.reason}`, { max: maxSize }), problems: checked.problems });
        return;
      }
      archive = checked.archive;
      const imported = await importChats(archive);
      void queryClient.invalidateQueries();
      notify.success(t('tools.importSuccess', { count: imported.chats }));
    } catch (error) {
      if (error instanceof HttpError && error.status === 413) setRefusal({ message: t('tools.refused.tooLarge', { max: maxSize }), problems: [] });
      else if (error instanceof HttpError && error.status > 0) setRefusal(serverRefusal(error, archive));
      else setRefusal({ message: t('tools.refused.network'), problems: [] });
    } finally {
      setBusy(null);
    }
  }

  /** The server's refusal in this screen's words: chats already here are named by their titles in the file. */
  function serverRefusal(error: HttpError, archive: ChatArchive | null): Refusal {
    const problems = serverProblems(error.data);
    if (error.code !== errorCodes.CONFLICT.code) return { message: t('tools.refused.server', { reason: describeHttpError(error, t) }), problems };
    const titleAt = (path: string) => archive?.chats[Number(/^chats\.(\d+)\./.exec(path)?.[1])]?.title || t('tools.untitled');
    return {
      message: t('tools.refused.duplicates'),
      problems: problems.map((problem) => ({ path: '', message: t('tools.refused.duplicateChat', { title: titleAt(problem.path) }) })),
    };
  }

  async function clearAll() {
    setBusy('clear');
    try {
      await clearAllChats();
      resetChatStorage();
      resetConversationStorage();
      void queryClient.invalidateQueries();
      notify.success(t('tools.clearSuccess'));
    } catch {
      // the http client has shown the error
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="chat-history-tools">
      <Space wrap>
        <Button icon={<DownloadOutlined />} loading={busy === 'export'} disabled={busy !== null && busy !== 'export'} onClick={exportAll}>
          {t('tools.export')}
        </Button>
        <Button icon={<UploadOutlined />} loading={busy === 'import'} disabled={busy !== null && busy !== 'import'} onClick={() => fileInput.current?.click()}>
          {t('tools.import')}
        </Button>
        <Popconfirm title={t('tools.clearConfirm')} okText={t('tools.clear')} okButtonProps={{ danger: true }} cancelText={t('delete.cancel')} onConfirm={clearAll}>
          <Button danger icon={<DeleteOutlined />} loading={busy === 'clear'} disabled={busy !== null && busy !== 'clear'}>
            {t('tools.clear')}
          </Button>
        </Popconfirm>
      </Space>
      <input ref={fileInput} type="file" accept="application/json,.json" hidden aria-label={t('tools.importFile')} data-testid="chat-history-import-file" onChange={importFile} />
      <p className="chat-history-tools__hint">{t('tools.hint', { max: maxSize })}</p>
      {refusal ? (
        <Alert
          type="error"
          showIcon
          closable={{ 'aria-label': t('tools.dismiss') }}
          onClose={() => setRefusal(null)}
          title={refusal.message}
          description={
            refusal.problems.length > 0 ? (
              <ul className="chat-history-tools__problems">
                {refusal.problems.slice(0, problemsShown).map((problem) => (
                  <li key={`${problem.path}:${problem.message}`}>
                    {problem.path ? <code>{problem.path}</code> : null} {problem.message}
                  </li>
                ))}
                {refusal.problems.length > problemsShown ? <li>{t('tools.moreProblems', { count: refusal.problems.length - problemsShown })}</li> : null}
              </ul>
            ) : undefined
          }
        />
      ) : null}
    </div>
  );
}
