import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { accounts } from './api/admin-api.js';
import type { Session } from './api/admin-types.js';
import { ApiError } from './api/api-client.js';
import { problemOf } from './ui/async.js';

/*
 * Who is signed in and which websites they may enter. Loaded once when the editor opens (a 401 means
 * nobody), replaced by sign-in and sign-up answers, reloaded after a new site or an accepted invitation.
 */

export interface SessionState {
  /** undefined while the first answer is on its way; null when nobody is signed in. */
  session: Session | null | undefined;
  error: ApiError | undefined;
  setSession: (session: Session | null) => void;
  reload: () => Promise<void>;
}

const SessionContext = createContext<SessionState | undefined>(undefined);

export function SessionProvider({ children, initial }: { children: ReactNode; initial?: Session | null }) {
  const [session, setSession] = useState<Session | null | undefined>(initial);
  const [error, setError] = useState<ApiError>();
  const reload = useCallback(async () => {
    try {
      setSession(await accounts.session());
      setError(undefined);
    } catch (problem) {
      if (problem instanceof ApiError && problem.status === 401) setSession(null);
      else {
        setError(problemOf(problem));
        setSession((current) => current ?? null);
      }
    }
  }, []);
  useEffect(() => {
    if (initial === undefined) void reload();
  }, [initial, reload]);
  return (
    <SessionContext.Provider value={{ session, error, setSession, reload }}>
      {children}
    </SessionContext.Provider>
  );
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession outside SessionProvider');
  return state;
}
