import { ERROR_REPORTER_LIMITS } from '@baukasten/commerce';
import { readCookie } from '../cookies.js';
import { JAVASCRIPT_ERRORS_URL, postJson } from './tracking-transport.js';

/*
 * The JavaScript error reporter of spec 7 and 9: uncaught errors and unhandled promise rejections are
 * queued and posted as a list to /api/events/RecordJavascriptErrors with the crumb in the CSRF header.
 * At most 20 reports per page, at most 10 waiting at once (a full queue is sent at once), stacks cut at
 * 5000 characters, sends debounced by 1 s. Failures to report are swallowed.
 */

export interface JavascriptErrorReport {
  message: string;
  stack?: string;
  name?: string;
  url: string;
  pagePath: string;
  line?: number;
  column?: number;
  userAgent?: string;
  timestamp: number;
}

const FALLBACK_MESSAGE = 'Unbekannter Fehler';

function describe(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

const whole = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;

/** One report from an error (an ErrorEvent's, a rejection's reason, or anything thrown). */
export function errorReport(
  error: unknown,
  where: { line?: number; column?: number; message?: string } = {},
  win: Window = window,
  now: number = Date.now(),
): JavascriptErrorReport {
  const isError = error instanceof Error;
  const message = isError ? error.message : describe(error ?? '');
  const report: JavascriptErrorReport = {
    message: (message || where.message || FALLBACK_MESSAGE).slice(0, 5000),
    url: win.location.href.slice(0, 2083),
    pagePath: win.location.pathname.slice(0, 2083),
    timestamp: now,
  };
  if (isError && error.stack) report.stack = error.stack.slice(0, ERROR_REPORTER_LIMITS.maxStackChars);
  if (isError && error.name) report.name = error.name.slice(0, 100);
  const line = whole(where.line);
  const column = whole(where.column);
  if (line !== undefined) report.line = line;
  if (column !== undefined) report.column = column;
  if (win.navigator?.userAgent) report.userAgent = win.navigator.userAgent.slice(0, 1000);
  return report;
}

export interface ErrorReporter {
  /** Queues one report, within the page's limits. */
  report(error: unknown, where?: { line?: number; column?: number; message?: string }): void;
  /** Sends the queue now. */
  flush(): void;
  stop(): void;
}

export function installErrorReporter(win: Window = window): ErrorReporter {
  const { maxReportsPerPage, maxQueue, debounceMs } = ERROR_REPORTER_LIMITS;
  let queue: JavascriptErrorReport[] = [];
  let accepted = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const send = (reports: JavascriptErrorReport[]) => {
    const crumb = readCookie(win.document.cookie, 'crumb') ?? '';
    void postJson(JAVASCRIPT_ERRORS_URL, reports, { headers: { 'X-CSRF-Token': crumb } });
  };

  const reporter: ErrorReporter = {
    report(error, where) {
      if (accepted >= maxReportsPerPage) return;
      try {
        queue.push(errorReport(error, where, win));
      } catch {
        return;
      }
      accepted += 1;
      if (queue.length >= maxQueue) {
        reporter.flush();
        return;
      }
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => reporter.flush(), debounceMs);
    },
    flush() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (queue.length === 0) return;
      const reports = queue;
      queue = [];
      send(reports);
    },
    stop() {
      win.removeEventListener('error', onError);
      win.removeEventListener('unhandledrejection', onRejection);
      win.removeEventListener('pagehide', onPageHide);
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      queue = [];
    },
  };

  function onError(event: Event) {
    // Only script errors: they carry a message (resource load failures do not reach window anyway).
    if (!('message' in event)) return;
    const e = event as ErrorEvent;
    reporter.report(e.error ?? e.message, { line: e.lineno, column: e.colno, message: e.message });
  }
  function onRejection(event: Event) {
    reporter.report((event as PromiseRejectionEvent).reason);
  }
  function onPageHide() {
    reporter.flush();
  }

  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  win.addEventListener('pagehide', onPageHide);
  return reporter;
}
