import { errorCodes } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { describeHttpError, HttpError, networkErrorCode, type ErrorOverrides } from '../../../lib/http';
import type { WidgetRefusal as Refusal } from '../hooks/use-widget-chat';

/** The panel's own words for refusals a widget reader can act on; the rest as the site says them. */
const overrides: ErrorOverrides = {
  [errorCodes.QUOTA_EXCEEDED.code]: 'widget:refusals.quota',
  [errorCodes.APP_UNAVAILABLE.code]: 'widget:refusals.unavailable',
  [errorCodes.NOT_FOUND.code]: 'widget:refusals.unavailable',
  [errorCodes.RATE_LIMITED.code]: 'widget:refusals.rateLimited',
  [errorCodes.ACCESS_REQUIRED.code]: 'widget:refusals.locked',
  [networkErrorCode]: 'widget:refusals.network',
};

/** Why the last question was not answered; it is back in the box. */
export function WidgetRefusal({ refusal, onDismiss }: { refusal: Refusal; onDismiss: () => void }) {
  const { t } = useTranslation('widget');
  const message = describeHttpError(new HttpError({ code: refusal.code, status: 0, msg: '' }), t, overrides);
  return (
    <div className="widget-refusal" role="alert">
      <p>{message}</p>
      <button type="button" className="widget-link-button" onClick={onDismiss}>
        {t('refusals.dismiss')}
      </button>
    </div>
  );
}
