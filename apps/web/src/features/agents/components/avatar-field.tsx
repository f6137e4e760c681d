import { LoadingOutlined, RobotOutlined, UploadOutlined } from '@ant-design/icons';
import { errorCodes, imageLimits } from '@parley/contracts';
import { Avatar, Button } from 'antd';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BuiltInAvatarPicker } from '../../../components/avatar-picker/built-in-avatar-picker';
import { formatBytes } from '../../../lib/format-bytes';
import { describeHttpError, HttpError } from '../../../lib/http';
import { useBuiltInAvatars } from '../api/get-built-in-avatars';
import { uploadAvatar } from '../api/upload-avatar';
import './avatar-field.css';

interface AvatarFieldProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
}

/** The agent's picture: an upload (checked and resized by the server) or one of the built-in avatars. */
export function AvatarField({ value, onChange, id }: AvatarFieldProps) {
  const { t, i18n } = useTranslation('agents');
  const maxSize = formatBytes(imageLimits.maxUploadBytes, i18n.language);
  const avatars = useBuiltInAvatars();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const builtIns = avatars.data?.list ?? [];

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    // Said at once for the obvious cases; the server checks the content either way.
    if (file.size > imageLimits.maxUploadBytes) {
      setProblem(t('editor.avatar.tooLarge', { max: maxSize }));
      return;
    }
    setUploading(true);
    try {
      const image = await uploadAvatar(file, file.name);
      onChange?.(image.url);
    } catch (error) {
      setProblem(uploadProblem(error));
    } finally {
      setUploading(false);
    }
  }

  function uploadProblem(error: unknown): string {
    if (!(error instanceof HttpError)) return t('editor.avatar.failed');
    if (error.code === errorCodes.PAYLOAD_TOO_LARGE.code) return t('editor.avatar.tooLarge', { max: maxSize });
    if (error.code === errorCodes.UNSUPPORTED_MEDIA_TYPE.code) return t('editor.avatar.notImage');
    return describeHttpError(error, t);
  }

  return (
    <div className="avatar-field">
      <div className="avatar-field__current">
        <Avatar size={64} src={value || undefined} icon={<RobotOutlined />} alt={t('editor.avatar.current')} />
        <div className="avatar-field__upload">
          <input
            ref={input}
            id={id}
            type="file"
            accept={imageLimits.acceptedTypes.join(',')}
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden
            onChange={(event) => void upload(event)}
          />
          <Button icon={uploading ? <LoadingOutlined aria-hidden /> : <UploadOutlined aria-hidden />} disabled={uploading} onClick={() => input.current?.click()}>
            {uploading ? t('editor.avatar.uploading') : t('editor.avatar.upload')}
          </Button>
          <span className="avatar-field__hint">{t('editor.avatar.hint', { max: maxSize })}</span>
        </div>
      </div>
      {problem && (
        <div className="avatar-field__problem" role="alert">
          {problem}
        </div>
      )}
      <BuiltInAvatarPicker
        avatars={builtIns}
        value={value}
        onChange={(url) => onChange?.(url)}
        label={t('editor.avatar.builtIn')}
        pickLabel={(number) => t('editor.avatar.pick', { number })}
      />
    </div>
  );
}
