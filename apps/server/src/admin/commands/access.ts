import { siteSettingsRepo } from '../../db/repos/site-settings-repo.js';
import { accessEpochKey, accessEpochTtlMs, newAccessEpoch } from '../../services/accounts/access-service.js';
import type { Command } from '../context.js';

/** Revokes every access token issued so far; visitors enter the access password again. */
export const rotateAccess: Command = async (context) => {
  await siteSettingsRepo(context.db).set(accessEpochKey, newAccessEpoch());
  const note = context.config.ACCESS_PASSWORD === '' ? ' (no ACCESS_PASSWORD is set now, so nobody is asked for one)' : '';
  context.out(
    `Every access token issued before now is revoked${note}. Running servers refuse them within ${accessEpochTtlMs / 1000} seconds; ` +
      'visitors are asked for the access password again.',
  );
};
