import { UserOutlined } from '@ant-design/icons';
import { imageLimits, type UserInfo } from '@parley/contracts';
import { Alert, Button } from 'antd';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BuiltInAvatarPicker } from '../../../components/avatar-picker/built-in-avatar-picker';
import { formatBytes } from '../../../lib/format-bytes';
import { HttpError } from '../../../lib/http';
import { useBuiltInAvatars } from '../../agents';
import { authErrorMessage } from '../../auth';
import { useUpdateProfile } from '../api/update-profile';
import { uploadAvatar } from '../api/upload-avatar';

/** Upload a picture (checked and resized by the server), choose a built-in avatar, or go back to the default. */
export function AvatarEditor({ profile }: { profile: UserInfo }) {
  const { t, i18n } = useTranslation('account');
  const maxSize = formatBytes(imageLimits.maxUploadBytes, i18n.language);
  const input = useRef<HTMLInputElement>(null);
  const update = useUpdateProfile();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const builtIns = useBuiltInAvatars().data?.list ?? [];

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    if (!(imageLimits.acceptedTypes as readonly string[]).includes(file.type)) return setProblem(t('avatar.wrongType'));
    if (file.size > imageLimits.maxUploadBytes) return setProblem(t('avatar.tooLarge', { max: maxSize }));
    setUploading(true);
    try {
      const image = await uploadAvatar(file);
      await update.mutateAsync({ headUrl: image.url });
    } catch (error) {
      // Before the image service is deployed the upload route answers 404: say so plainly.
      const missing = error instanceof HttpError && (error.status === 404 || error.status === 0 || error.status >= 500);
      setProblem(missing ? t('avatar.unavailable') : authErrorMessage(error, t));
    } finally {
      setUploading(false);
    }
  }

  async function choose(headUrl: string | null) {
    if (headUrl === profile.headUrl) return;
    setProblem(null);
    try {
      await update.mutateAsync({ headUrl });
    } catch (error) {
      setProblem(authErrorMessage(error, t));
    }
  }

  return (
    <div>
      <div className="account-avatar">
        <span className="account-avatar__image">
          {profile.headUrl ? <img src={profile.headUrl} alt={t('avatar.current')} /> : <UserOutlined aria-label={t('avatar.default')} />}
        </span>
        <div className="account-avatar__actions">
          <input ref={input} type="file" accept={imageLimits.acceptedTypes.join(',')} hidden onChange={(event) => void upload(event)} aria-hidden tabIndex={-1} />
          <Button onClick={() => input.current?.click()} loading={uploading}>
            {t('avatar.upload')}
          </Button>
          {profile.headUrl && (
            <Button onClick={() => void choose(null)} loading={update.isPending && !uploading}>
              {t('avatar.useDefault')}
            </Button>
          )}
        </div>
      </div>
      <p>{t('avatar.hint', { max: maxSize })}</p>
      {builtIns.length > 0 && <p>{t('avatar.builtIn')}</p>}
      <BuiltInAvatarPicker
        avatars={builtIns}
        value={profile.headUrl}
        onChange={(url) => void choose(url)}
        label={t('avatar.builtIn')}
        pickLabel={(number) => t('avatar.pick', { number })}
      />
      {problem && <Alert type="warning" showIcon title={problem} role="alert" />}
    </div>
  );
}
