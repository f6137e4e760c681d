import type { ReactNode } from 'react';
import './status-page.css';

/** A full page for a status (404, 500, unsupported region, a page that failed to load). */
export function StatusPage({ children }: { children: ReactNode }) {
  return (
    <main className="status-page" id="main-content">
      {children}
    </main>
  );
}
