/** The named routes of spec section 2 and the paths they answer to. */
export const routePaths = {
  Root: '/',
  MainChat: '/home',
  Chat: '/chat/:appId?',
  Discover: '/discover',
  Create: '/create',
  Edit: '/edit/:appId?',
  Setting: '/setting',
  UserRole: '/user/role',
  UserRoleDetail: '/user/role/:appId',
  Upload: '/upload/:appId',
  UserProfile: '/user/profile',
  UserAccount: '/user/account',
  AccountModify: '/account/modify',
  AccountDelete: '/account/delete',
  UserMessage: '/user/message',
  RoleHistory: '/role/history',
  ShareAI: '/share/:shareNum',
  ShareChat: '/shareChat/:shareCode',
  Usage: '/usage',
  Private: '/private',
  AboutUs: '/aboutUs',
  NotFound: '/404',
  ServerError: '/500',
  UnSupport: '/unsupport',
  Console: '/admin',
  ConsoleQuality: '/admin/quality',
  ConsoleAgents: '/admin/agents',
  ConsoleUsers: '/admin/users',
  ConsoleContent: '/admin/content',
  ConsoleModels: '/admin/models',
  ConsoleAudit: '/admin/audit',
} as const;

export type RouteName = keyof typeof routePaths;

export function chatPath(appId?: string, chatId?: string): string {
  const path = appId ? `/chat/${encodeURIComponent(appId)}` : '/chat';
  return chatId ? `${path}?${new URLSearchParams({ chatId }).toString()}` : path;
}
