import { CustomerServiceOutlined, RobotOutlined, UserOutlined } from '@ant-design/icons';
import type { ChatAppInfo } from '@parley/contracts';
import { Avatar } from 'antd';
import { useUserInfo } from '../../../stores/user-store';
import { settingsStore } from '../../../stores/settings-store';
import { useStore } from 'zustand';
import './chat-avatars.css';

export function AppAvatar({ app, size = 36 }: { app: Pick<ChatAppInfo, 'avatarUrl' | 'isOfficial'>; size?: number }) {
  return (
    <Avatar
      className="chat-avatar chat-avatar--app"
      size={size}
      src={app.avatarUrl || undefined}
      icon={app.isOfficial ? <CustomerServiceOutlined /> : <RobotOutlined />}
      alt=""
      aria-hidden
    />
  );
}

export function UserAvatar({ size = 36 }: { size?: number }) {
  const headUrl = useUserInfo((user) => user.headUrl);
  // The avatar link chosen in settings wins over the account's.
  const chosen = useStore(settingsStore, (settings) => settings.avatarUrl);
  return <Avatar className="chat-avatar chat-avatar--user" size={size} src={chosen || headUrl || undefined} icon={<UserOutlined />} alt="" aria-hidden />;
}
