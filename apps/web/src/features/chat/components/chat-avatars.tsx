import { CustomerServiceOutlined, RobotOutlined, UserOutlined } from '@ant-design/icons';
import type { ChatAppInfo } from '@parley/contracts';
import { useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { settingsStore } from '../../../stores/settings-store';
import { useUserInfo } from '../../../stores/user-store';
import { useImageLoadsInline } from '../../site';
import './chat-avatars.css';

/**
 * A round picture, or the icon when there is none or it fails to load. Plain elements rather
 * than antd's Avatar: a chat draws one per message.
 */
function Avatar({ kind, size, src, icon }: { kind: 'app' | 'user'; size: number; src: string | null; icon: ReactNode }) {
  const [failed, setFailed] = useState<string | null>(null);
  const image = src && failed !== src ? src : null;
  return (
    <span
      className={`chat-avatar chat-avatar--${kind}${image ? ' chat-avatar--image' : ''}`}
      style={{ width: size, height: size, fontSize: size / 2 }}
      aria-hidden
    >
      {image ? <img src={image} alt="" onError={() => setFailed(image)} /> : icon}
    </span>
  );
}

export function AppAvatar({ app, size = 36 }: { app: Pick<ChatAppInfo, 'avatarUrl' | 'isOfficial'>; size?: number }) {
  return <Avatar kind="app" size={size} src={app.avatarUrl || null} icon={app.isOfficial ? <CustomerServiceOutlined /> : <RobotOutlined />} />;
}

export function UserAvatar({ size = 36 }: { size?: number }) {
  const headUrl = useUserInfo((user) => user.headUrl);
  // The avatar link chosen in settings wins over the account's, when its host is one pictures may come from.
  const chosen = useStore(settingsStore, (settings) => settings.avatarUrl);
  const loadsInline = useImageLoadsInline();
  const src = chosen && loadsInline(chosen) ? chosen : headUrl || null;
  return <Avatar kind="user" size={size} src={src} icon={<UserOutlined />} />;
}
