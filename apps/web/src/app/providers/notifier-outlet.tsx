import { message, notification } from 'antd';
import { useEffect } from 'react';
import { bindNotifier } from '../../lib/notify';

/** Toasts last 3 s (spec section 9); notification cards sit top-right. */
const toastSeconds = 3;
const noticePlacement = 'topRight';

/**
 * The app's one toast and notification outlet, rendered inside ConfigProvider so both follow the
 * theme. Equal toast texts share a key so a burst of failing calls shows one toast.
 */
export default function NotifierOutlet() {
  const [messageApi, messageHolder] = message.useMessage({ duration: toastSeconds, maxCount: 3 });
  const [notificationApi, notificationHolder] = notification.useNotification({ placement: noticePlacement });
  useEffect(
    () =>
      bindNotifier({
        error: (content) => void messageApi.error({ content, key: content }),
        success: (content) => void messageApi.success({ content, key: content }),
        warning: (content) => void messageApi.warning({ content, key: content }),
        notice: ({ title, description }) => notificationApi.info({ title, description }),
      }),
    [messageApi, notificationApi],
  );
  return (
    <>
      {messageHolder}
      {notificationHolder}
    </>
  );
}
