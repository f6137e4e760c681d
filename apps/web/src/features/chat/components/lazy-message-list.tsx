import { Spin } from 'antd';
import { useEffect, useRef, useSyncExternalStore, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useFirstPaintGate } from '../hooks/use-first-paint-gate';
import type { MessageList } from './message-list';
import './message-list.css';

// The virtualised list (react-virtuoso) and the message rows are a chunk of their own: a new
// chat (/home) draws only its opening block and question box, and needs them once it has rows.
// Not React.lazy: a lazy component suspends on its first render even when its chunk is already
// here, and the list would flash its placeholder; this one is drawn straight away once loaded.
let loadedList: typeof MessageList | null = null;
let loadError: unknown = null;
let loading: Promise<void> | null = null;
const waiting = new Set<() => void>();
const settled = () => loadedList !== null || loadError !== null;
function onSettled(listener: () => void) {
  waiting.add(listener);
  return () => void waiting.delete(listener);
}

/** Fetches the list before it is needed: a chat opened by its address, or a question about to be asked. */
export function preloadMessageList(): void {
  loading ??= import('./message-list')
    .then(
      (module) => void (loadedList = module.MessageList),
      // thrown where the list is drawn, to the error boundary, as a failed lazy chunk would be
      (error: unknown) => void (loadError = error ?? new Error('the message list failed to load')),
    )
    .finally(() => {
      for (const listener of waiting) listener();
    });
}

type MessageListProps = ComponentProps<typeof MessageList>;

/**
 * Whether the chat screen may draw its conversation: a chat that opens with messages waits for
 * the list's chunk (the skeleton stays, as for markdown); a screen already drawn without them
 * (a new chat's first question) keeps its opening block until the chunk is here, with no gap.
 */
export function useMessageListReady(items: readonly unknown[] | undefined): boolean {
  const needed = (items?.length ?? 0) > 0;
  const arrived = useSyncExternalStore(onSettled, settled);
  useEffect(() => {
    if (needed) preloadMessageList();
  }, [needed]);
  return useFirstPaintGate(items !== undefined, !needed || arrived);
}

/** Before the list's chunk is here: the same frame and header, without rows. */
function EmptyMessageList({ header, onFirstPaint }: Pick<MessageListProps, 'header' | 'onFirstPaint'>) {
  const { t } = useTranslation('chat');
  const painted = useRef(false);
  useEffect(() => {
    if (painted.current) return;
    painted.current = true;
    requestAnimationFrame(() => onFirstPaint?.());
  }, [onFirstPaint]);
  return (
    <div className="message-list">
      {/* Virtuoso's scroller: same box, so the header does not move when the list replaces this */}
      <div className="message-list__scroller message-list__scroller--empty" tabIndex={0} aria-label={t('list.label')}>
        <div className="message-list__header">{header}</div>
        <div className="message-list__footer" />
      </div>
    </div>
  );
}

/** The conversation: the empty frame while there are no rows and the list is not here, else the virtualised list (message-list.tsx). */
export function MessageListSlot(props: MessageListProps) {
  const List = useSyncExternalStore(onSettled, () => loadedList);
  const needed = props.rows.length > 0;
  useEffect(() => {
    if (needed) preloadMessageList();
  }, [needed]);
  // eslint-disable-next-line react-hooks/static-components -- set once, when the chunk arrives: never a new component
  if (List) return <List {...props} />;
  if (needed && loadError) throw loadError;
  return <EmptyMessageList header={props.header} onFirstPaint={props.onFirstPaint} />;
}

/** The list's header while older messages load: a spinner where the opening block will be. */
export function OlderLoading() {
  return (
    <div className="message-list__older">
      <Spin size="small" />
    </div>
  );
}
