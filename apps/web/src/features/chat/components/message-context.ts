import type { ChatAppInfo } from '@parley/contracts';
import type { ThreadItem } from '../api/chat-thread';

/** What every message row needs from the screen around it. */
export interface MessageContext {
  app: Pick<ChatAppInfo, 'avatarUrl' | 'isOfficial'>;
  /** The app's name as shown (translated for the official assistant). */
  appName: string;
  userName: string;
  /** Shared conversations and deleted agents: reading and copying only. */
  readOnly: boolean;
  /** The PNG export: messages only, no buttons. */
  hideActions?: boolean;
  /** Users pick among models here, so each answer names the one that gave it. */
  showModel?: boolean;
  /** An answer is streaming: nothing else may be changed meanwhile. */
  busy: boolean;
  onCopy: (text: string) => void;
  onDelete?: (item: ThreadItem) => Promise<unknown>;
  /** Answer the last question again (an answer's regenerate, a failed answer's retry). */
  onRegenerate?: () => void;
  /** Go on with the last answer where the output limit cut it. */
  onContinue?: () => void;
  /** Start a new chat (a conversation too long for the model). */
  onNewChat?: () => void;
  /** Turn the context off, so only the question is sent (a conversation too long for the model). */
  onContextOff?: () => void;
  onFeedback?: (item: ThreadItem, change: { good?: boolean; bad?: boolean }) => void;
  onNote?: (item: ThreadItem) => void;
  /** Report an answer to the site's operators. */
  onReport?: (item: ThreadItem) => void;
}
