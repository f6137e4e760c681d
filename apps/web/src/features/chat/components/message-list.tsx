import { ArrowDownOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import type { MessageRow as Row } from '../lib/message-rows';
import { charsPerLineAt, estimateRowHeight } from '../lib/row-height';
import type { MessageContext } from './message-context';
import { MessageRow } from './message-row';
import './message-list.css';

/** Virtuoso counts prepended rows down from here, so older pages keep the scroll position. */
const firstIndexBase = 1_000_000;

interface ListContext {
  message: MessageContext;
  header: ReactNode;
}

function ListHeader({ context }: { context?: ListContext }) {
  return <div className="message-list__header">{context?.header}</div>;
}

function ListFooter() {
  return <div className="message-list__footer" />;
}

const listComponents = { Header: ListHeader, Footer: ListFooter };

const rowKey = (_: number, row: Row) => row.key;

// One function for the list's life: the rows draw again when their own data changes, not with the list.
function rowContent(_: number, row: Row, listContext: ListContext) {
  return (
    <div className="message-list__row">
      <MessageRow row={row} context={listContext.message} />
    </div>
  );
}

interface MessageListProps {
  rows: Row[];
  context: MessageContext;
  /** Above the first message: the opening block once the oldest page is in, else a spinner. */
  header: ReactNode;
  /** Rows added at the top since the chat opened. */
  prepended: number;
  onLoadOlder: () => void;
  loadingOlder: boolean;
  /** Called once, when the first rows of this chat have been painted. */
  onFirstPaint?: () => void;
}

/**
 * The conversation, virtualised so a chat of thousands of messages opens as fast as a short
 * one. It opens at the newest message, loads older pages when scrolled to the top, and follows
 * a streaming answer unless the reader has scrolled up.
 */
export function MessageList({ rows, context, header, prepended, onLoadOlder, loadingOlder, onFirstPaint }: MessageListProps) {
  const { t } = useTranslation('chat');
  const virtuoso = useRef<VirtuosoHandle>(null);
  const [atBottom, setAtBottom] = useState(true);
  const painted = useRef(false);
  // Read once, when the list first draws: later rows are measured.
  const [heightEstimates] = useState(() => {
    const charsPerLine = charsPerLineAt(window.innerWidth);
    return rows.map((row) => estimateRowHeight(row, charsPerLine));
  });
  // Follow the newest message until the reader scrolls up; reaching the bottom again resumes.
  const sticky = useRef(true);
  const scroller = useRef<HTMLElement | null>(null);

  const scrollerRef = useCallback((element: HTMLElement | Window | null) => {
    scroller.current = element instanceof HTMLElement ? element : null;
  }, []);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    // Only the reader's own gestures unstick; layout changes that move scrollTop do not.
    let touchY = 0;
    const unstick = () => (sticky.current = false);
    const onWheel = (event: WheelEvent) => event.deltaY < 0 && unstick();
    const onTouchStart = (event: TouchEvent) => (touchY = event.touches[0]?.clientY ?? 0);
    const onTouchMove = (event: TouchEvent) => (event.touches[0]?.clientY ?? 0) > touchY + 4 && unstick();
    const onKeyDown = (event: KeyboardEvent) => ['ArrowUp', 'PageUp', 'Home'].includes(event.key) && unstick();
    // A press on the scroller itself (not on a message) is a grab of its scrollbar.
    const onPointerDown = (event: PointerEvent) => event.target === element && unstick();
    element.addEventListener('wheel', onWheel, { passive: true });
    element.addEventListener('touchstart', onTouchStart, { passive: true });
    element.addEventListener('touchmove', onTouchMove, { passive: true });
    element.addEventListener('keydown', onKeyDown);
    element.addEventListener('pointerdown', onPointerDown);
    return () => {
      element.removeEventListener('wheel', onWheel);
      element.removeEventListener('touchstart', onTouchStart);
      element.removeEventListener('touchmove', onTouchMove);
      element.removeEventListener('keydown', onKeyDown);
      element.removeEventListener('pointerdown', onPointerDown);
    };
  }, []);

  const atBottomChange = useCallback((bottom: boolean) => {
    setAtBottom(bottom);
    if (bottom) sticky.current = true;
  }, []);

  const followOutput = useCallback(() => (sticky.current ? 'auto' : false), []);

  // An answer grows inside its row, which followOutput (new rows only) does not see.
  const followHeight = useCallback(() => {
    if (sticky.current) virtuoso.current?.scrollToIndex({ index: 'LAST', align: 'end' });
  }, []);

  const itemsRendered = useCallback(
    (items: unknown[]) => {
      if (painted.current || (items.length === 0 && rows.length > 0)) return;
      painted.current = true;
      requestAnimationFrame(() => onFirstPaint?.());
    },
    [onFirstPaint, rows.length],
  );

  const jumpToLatest = () => {
    sticky.current = true;
    virtuoso.current?.scrollToIndex({ index: 'LAST', align: 'end', behavior: 'smooth' });
  };

  return (
    <div className="message-list">
      <Virtuoso<Row, ListContext>
        ref={virtuoso}
        className="message-list__scroller"
        data={rows}
        context={{ message: context, header }}
        firstItemIndex={firstIndexBase - prepended}
        initialTopMostItemIndex={{ index: 'LAST', align: 'end' }}
        computeItemKey={rowKey}
        itemContent={rowContent}
        components={listComponents}
        startReached={onLoadOlder}
        followOutput={followOutput}
        totalListHeightChanged={followHeight}
        scrollerRef={scrollerRef}
        atBottomStateChange={atBottomChange}
        atBottomThreshold={80}
        increaseViewportBy={{ top: 400, bottom: 200 }}
        // Guesses skip Virtuoso's one-row probe before the first paint (it reads only one of the two).
        heightEstimates={heightEstimates}
        // Sizes are read in the observer's callback, not a frame later: one frame less per pass.
        skipAnimationFrameInResizeObserver
        defaultItemHeight={heightEstimates.length > 0 ? undefined : 160}
        itemsRendered={itemsRendered}
        aria-label={t('list.label')}
        aria-busy={loadingOlder}
      />
      {!atBottom && (
        <Button className="message-list__jump" shape="round" icon={<ArrowDownOutlined />} onClick={jumpToLatest}>
          {t('list.jumpToLatest')}
        </Button>
      )}
    </div>
  );
}
