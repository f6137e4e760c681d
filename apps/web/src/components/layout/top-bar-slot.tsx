import { createContext, useContext, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** Where a page's title and actions go in the phone's top bar; both null where there is no top bar. */
export interface TopBarTargets {
  title: HTMLElement | null;
  actions: HTMLElement | null;
}

const TopBarContext = createContext<TopBarTargets>({ title: null, actions: null });

export const TopBarProvider = TopBarContext.Provider;

/** Whether the layout shows the phone's top bar, where the page puts its title and actions. */
export function useHasTopBar(): boolean {
  const { title, actions } = useContext(TopBarContext);
  return Boolean(title && actions);
}

/** The page's title and actions, drawn in the top bar; nothing where there is none. */
export function TopBarContent({ title, actions }: { title: ReactNode; actions?: ReactNode }) {
  const targets = useContext(TopBarContext);
  if (!targets.title || !targets.actions) return null;
  return (
    <>
      {createPortal(title, targets.title)}
      {actions && createPortal(actions, targets.actions)}
    </>
  );
}
