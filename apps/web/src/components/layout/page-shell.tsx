import type { ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title';
import './page-shell.css';

interface PageShellProps {
  title: string;
  extra?: ReactNode;
  /** A link up to the page this one belongs to, above the heading. */
  back?: ReactNode;
  /** Drawn before the heading: the avatar of the agent the page is about. */
  icon?: ReactNode;
  children: ReactNode;
}

/** A page inside the main layout: its heading, then its content. */
export function PageShell({ title, extra, back, icon, children }: PageShellProps) {
  useDocumentTitle(title);
  return (
    <div className="page-shell">
      {back && <nav className="page-shell__back">{back}</nav>}
      <header className="page-shell__header">
        <div className="page-shell__heading">
          {icon}
          <h1 className="page-shell__title">{title}</h1>
        </div>
        {extra}
      </header>
      <div className="page-shell__body">{children}</div>
    </div>
  );
}
