import type { ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title';
import './page-shell.css';

/** A page inside the main layout: its heading, then its content. */
export function PageShell({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="page-shell">
      <header className="page-shell__header">
        <h1 className="page-shell__title">{title}</h1>
        {extra}
      </header>
      <div className="page-shell__body">{children}</div>
    </div>
  );
}
