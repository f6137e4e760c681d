import { setHttpSession } from '../../../lib/http';
import { createDeviceId, isDeviceId } from '../../../lib/device-id';
import { readString, writeString } from '../../../lib/storage/local-storage';
import { storageKeys } from '../../../lib/storage/keys';

let visitorToken = readString(storageKeys.widgetVisitorToken) ?? '';
let deviceId = '';

function currentDeviceId(): string {
  if (deviceId) return deviceId;
  const stored = readString(storageKeys.deviceId);
  deviceId = isDeviceId(stored) ? stored : createDeviceId();
  writeString(storageKeys.deviceId, deviceId);
  return deviceId;
}

export function hasVisitorToken(): boolean {
  return visitorToken !== '';
}

/**
 * The panel keeps its own visitor token beside the app's (framed by another website, its storage
 * is that website's partition anyway). The HTTP client asks as a visitor of this browser, with no
 * user token: the widget never signs anyone in, nor asks for the site's access password (its
 * refusals say so in the panel).
 */
export function connectWidgetSession(): void {
  setHttpSession({
    credentials: () => ({ userToken: '', visitorToken, deviceId: currentDeviceId(), accessToken: '' }),
    setVisitorToken: (token) => {
      visitorToken = token;
      writeString(storageKeys.widgetVisitorToken, token);
    },
    logout: () => undefined,
    denyAccess: () => undefined,
    requireLogin: () => undefined,
  });
}
