import { message } from 'antd';
import { useEffect } from 'react';
import { bindNotifier } from '../../lib/notify';

/**
 * The app's one toast outlet, rendered inside ConfigProvider so toasts follow the theme. Messages
 * last 3 s; equal texts share a key so a burst of failing calls shows one toast.
 */
export function NotifierBridge() {
  const [messageApi, contextHolder] = message.useMessage({ duration: 3, maxCount: 3 });
  useEffect(
    () =>
      bindNotifier({
        error: (content) => void messageApi.error({ content, key: content }),
        success: (content) => void messageApi.success({ content, key: content }),
      }),
    [messageApi],
  );
  return contextHolder;
}
