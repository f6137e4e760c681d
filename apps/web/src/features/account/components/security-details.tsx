import type { UserInfo } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PasswordForm } from './password-form';

/** /user/account: the password (change or set), and the ways to change the phone or delete the account. */
export function SecurityDetails({ profile }: { profile: UserInfo }) {
  const { t } = useTranslation('account');
  return (
    <>
      <section className="account-section" aria-labelledby="security-password">
        <h2 id="security-password">{profile.hasPassword ? t('password.changeTitle') : t('password.setTitle')}</h2>
        <p>{profile.hasPassword ? t('password.changeHint') : t('password.setHint')}</p>
        <PasswordForm profile={profile} />
      </section>
      <section className="account-section" aria-labelledby="security-phone">
        <h2 id="security-phone">{t('security.phoneTitle')}</h2>
        <p>
          +{profile.areaCode} {profile.mobileMasked} · <Link to="/account/modify">{t('facts.changePhone')}</Link>
        </p>
      </section>
      <section className="account-section" aria-labelledby="security-delete">
        <h2 id="security-delete">{t('security.deleteTitle')}</h2>
        <p>
          {t('security.deleteHint')} <Link to="/account/delete">{t('security.deleteLink')}</Link>
        </p>
      </section>
    </>
  );
}
