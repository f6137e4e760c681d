import { useEffect } from 'react';
import { isLoggedIn, setShowLogin, useSession } from '../../../stores/session-store';

/** Pages that need login (spec section 6) open the login dialog for a visitor. Returns whether logged in. */
export function useLoginRequired(): boolean {
  const loggedIn = useSession(isLoggedIn);
  useEffect(() => {
    if (!loggedIn) setShowLogin(true);
  }, [loggedIn]);
  return loggedIn;
}
