import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { MessageRow as Row } from '../lib/message-rows';
import type { MessageContext } from './message-context';
import { MessageRow } from './message-row';
import './chat-export.css';

interface ChatExportProps {
  title: string;
  header: ReactNode;
  rows: Row[];
  context: MessageContext;
  /** Called once with the rendered conversation. */
  onRendered: (node: HTMLElement) => void;
}

/** The whole conversation, not virtualised, drawn off-screen for the PNG export. */
export function ChatExport({ title, header, rows, context, onRendered }: ChatExportProps) {
  const node = useRef<HTMLDivElement>(null);
  const reported = useRef(false);
  useEffect(() => {
    if (reported.current || !node.current) return;
    reported.current = true;
    onRendered(node.current);
  }, [onRendered]);
  return createPortal(
    <div className="chat-export" ref={node} aria-hidden inert>
      <h1 className="chat-export__title">{title}</h1>
      {header}
      {rows.map((row) => (
        <MessageRow key={row.key} row={row} context={context} />
      ))}
    </div>,
    document.body,
  );
}
