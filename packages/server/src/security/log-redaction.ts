import type { FastifyServerOptions } from 'fastify';

/*
 * Logs never carry secrets or email addresses. Two layers:
 * 1. pino's `redact` censors the fields known to hold secrets (auth and cookie headers, passwords,
 *    tokens, the owner token and captcha secret in settings) wherever they sit in a logged object;
 * 2. every finished log line passes a scrubber that replaces email addresses, credentials in URLs
 *    (smtp://user:pass@…) and secret-named query parameters, whatever object or error message they
 *    came in, before the line reaches stdout.
 */

export const REDACTED = '[entfernt]';

const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'ownerToken',
  'secret',
  'captchaSecret',
  'smtpUrl',
  'databaseUrl',
  'redisUrl',
  'crumb',
  'cardNumber',
  'cvc',
];

const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`]),
];

const EMAIL = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/@"]+@/gi;
const SECRET_PARAMS = /([?&](?:token|key|password|secret|crumb|code|email)=)[^&\s"#]*/gi;

/** A log line with email addresses, URL credentials and secret query values replaced. */
export function scrubLogLine(line: string): string {
  return line
    .replace(URL_CREDENTIALS, `$1${REDACTED}@`)
    .replace(SECRET_PARAMS, `$1${REDACTED}`)
    .replace(EMAIL, '[E-Mail entfernt]');
}

export interface LogSink {
  write(line: string): void;
}

/** Fastify's logger options: the level, the redaction paths and a scrubbing stream to `sink` (stdout). */
export function redactedLoggerOptions(
  level: string,
  sink: LogSink = process.stdout,
): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    stream: { write: (line: string) => sink.write(scrubLogLine(line)) },
  };
}
