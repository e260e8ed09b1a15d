import { FORM_MESSAGES } from '@baukasten/commerce';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type CaptchaAction, CaptchaError, type CaptchaToken, captchaToken } from './captcha.js';

export type CaptchaStatus = 'idle' | 'solving' | 'ready' | 'failed';

export interface Captcha {
  enabled: boolean;
  status: CaptchaStatus;
  /** German text of the last failure (shown in the captcha container). */
  error: string | null;
  /** Starts the work ahead of the submit, e.g. when the visitor first focuses the form. */
  prepare(): void;
  /**
   * The token for this submission (null when the captcha is off): the prepared one, or solved now.
   * A token is used once; the next call works for a new one. Rejects with a CaptchaError.
   */
  token(): Promise<string | null>;
  /** After a failed submission: drop what was solved and start on a fresh challenge. */
  reset(): void;
}

interface Pending {
  id: number;
  controller: AbortController;
  promise: Promise<CaptchaToken>;
  result?: CaptchaToken;
}

/** A token this close to its expiry is not worth sending. */
const EXPIRY_MARGIN_MS = 30_000;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** The captcha of one form for one action of spec 7 (FORM_BLOCK_SUBMISSION …). */
export function useCaptcha(action: CaptchaAction, enabled = true): Captcha {
  const [status, setStatus] = useState<CaptchaStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const generation = useRef(0);
  const pending = useRef<Pending | null>(null);

  const start = useCallback((): Pending => {
    const id = ++generation.current;
    const controller = new AbortController();
    const entry: Pending = { id, controller, promise: captchaToken(action, { signal: controller.signal }) };
    pending.current = entry;
    setStatus('solving');
    setError(null);
    entry.promise.then(
      (result) => {
        entry.result = result;
        if (generation.current === id) setStatus('ready');
      },
      (reason: unknown) => {
        if (pending.current === entry) pending.current = null;
        if (generation.current !== id || isAbort(reason)) return;
        setStatus('failed');
        setError(reason instanceof CaptchaError ? reason.message : FORM_MESSAGES.captchaIncomplete);
      },
    );
    return entry;
  }, [action]);

  const discard = useCallback(() => {
    pending.current?.controller.abort();
    pending.current = null;
  }, []);

  useEffect(() => discard, [discard]);

  const prepare = useCallback(() => {
    if (enabled && !pending.current) start();
  }, [enabled, start]);

  const token = useCallback(async (): Promise<string | null> => {
    if (!enabled) return null;
    let entry = pending.current;
    const expiresAt = entry?.result?.expiresAt;
    if (expiresAt !== undefined && expiresAt - Date.now() < EXPIRY_MARGIN_MS) {
      discard();
      entry = null;
    }
    entry ??= start();
    // Spent from here on: a retry must not send the same token again.
    pending.current = null;
    return (await entry.promise).token;
  }, [enabled, start, discard]);

  const reset = useCallback(() => {
    discard();
    if (enabled) start();
    else {
      generation.current++;
      setStatus('idle');
      setError(null);
    }
  }, [enabled, start, discard]);

  return { enabled, status, error, prepare, token, reset };
}
