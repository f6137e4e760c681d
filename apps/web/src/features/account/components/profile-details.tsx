import type { UserInfo } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AvatarEditor } from './avatar-editor';
import { UsernameForm } from './username-form';

/** /user/profile: avatar, username, the phone (masked) and when the account was made. */
export function ProfileDetails({ profile }: { profile: UserInfo }) {
  const { t, i18n } = useTranslation('account');
  return (
    <>
      <p className="account-intro">{t('profileIntro')}</p>
      <section className="account-section" aria-labelledby="profile-avatar">
        <h2 id="profile-avatar">{t('avatar.title')}</h2>
        <AvatarEditor profile={profile} />
      </section>
      <section className="account-section" aria-labelledby="profile-username">
        <h2 id="profile-username">{t('username.title')}</h2>
        <UsernameForm profile={profile} />
      </section>
      <section className="account-section" aria-labelledby="profile-facts">
        <h2 id="profile-facts">{t('facts.title')}</h2>
        <dl className="account-facts">
          <dt>{t('facts.phone')}</dt>
          <dd>
            +{profile.areaCode} {profile.mobileMasked} · <Link to="/account/modify">{t('facts.changePhone')}</Link>
          </dd>
          <dt>{t('facts.joined')}</dt>
          <dd>{new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(profile.createdAt))}</dd>
        </dl>
      </section>
    </>
  );
}
