import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/api-client.js';
import { t } from '../messages.js';

/** An error as the editor shows it: the server's German message, or a generic one. */
export function problemOf(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(0, 'CLIENT_ERROR', t.somethingWentWrong);
}

/**
 * A failed load as a screen shows it: the server's own reason and the network error stay, a bare failure
 * (a 5xx without a message, a broken answer) says that the screen could not be loaded (R8.7.4) rather
 * than a vague "something went wrong".
 */
export function loadProblemOf(error: unknown): ApiError {
  const problem = problemOf(error);
  if (problem.message !== t.somethingWentWrong) return problem;
  return new ApiError(problem.status, problem.type, t.unableToLoad, problem.fields, problem.body);
}

/**
 * True when the server does not offer the route at all (its generic 404), as opposed to a 404 for a
 * thing the route looked for (PRODUCT_NOT_FOUND ...). Screens then say "noch nicht verfügbar".
 */
export const isMissingRoute = (error: ApiError | undefined) =>
  error?.status === 404 && (error.type === 'NOT_FOUND' || error.type === 'HTTP_404');

export interface Loaded<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload: () => void;
  /** Replace the data with what a save answered, without another request. */
  set: (data: T) => void;
}

/** Loads once per change of `deps`; an answer arriving after the next load started is dropped. */
export function useLoad<T>(load: () => Promise<T>, deps: DependencyList): Loaded<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<ApiError>();
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setLoading(true);
    setError(undefined);
    load().then(
      (value) => {
        if (!current) return;
        setData(value);
        setLoading(false);
      },
      (problem: unknown) => {
        if (!current) return;
        setError(loadProblemOf(problem));
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [...deps, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { data, error, loading, reload, set: setData };
}

export interface Action {
  busy: boolean;
  error: ApiError | undefined;
  /** Runs the call unless one is running; the error is kept for the alert box, the result returned. */
  run: <T>(call: () => Promise<T>) => Promise<T | undefined>;
  clear: () => void;
}

/** One saving action of a screen: disables its buttons while it runs and keeps the server's refusal. */
export function useAction(): Action {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError>();
  const running = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const run = useCallback(async <T>(call: () => Promise<T>): Promise<T | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    setBusy(true);
    setError(undefined);
    try {
      return await call();
    } catch (problem) {
      if (mounted.current) setError(problemOf(problem));
      return undefined;
    } finally {
      running.current = false;
      if (mounted.current) setBusy(false);
    }
  }, []);
  const clear = useCallback(() => setError(undefined), []);
  return { busy, error, run, clear };
}
