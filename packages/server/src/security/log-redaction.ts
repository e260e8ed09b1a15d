import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

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
  // Payment provider keys (payments/secrets.ts): plaintext while being saved or used, sealed at rest.
  'secretsKey',
  'secretKey',
  'publishableKey',
  'webhookSecret',
  'clientId',
  'clientSecret',
  'webhookId',
  'sealedKeys',
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
/** Stripe secret, restricted and webhook keys quoted in free text (an error message, a URL). */
const PROVIDER_KEYS = /\b((?:sk|rk)_(?:test|live)_|whsec_)[A-Za-z0-9]{4,}/g;

/** A log line with email addresses, URL credentials and secret query values replaced. */
export function scrubLogLine(line: string): string {
  return line
    .replace(URL_CREDENTIALS, `$1${REDACTED}@`)
    .replace(SECRET_PARAMS, `$1${REDACTED}`)
    .replace(PROVIDER_KEYS, `$1${REDACTED}`)
    .replace(EMAIL, '[E-Mail entfernt]');
}

export interface LogSink {
  write(line: string): void;
}

/** The request id a request's logger stamps on its lines (see `requestLogger`). */
const REQUEST_ID = Symbol('requestId');
type RequestLogger = FastifyBaseLogger & { [REQUEST_ID]?: string };

/** Fastify's logger options: the level, the redaction paths and a scrubbing stream to `sink` (stdout). */
export function redactedLoggerOptions(
  level: string,
  sink: LogSink = process.stdout,
): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    // Every line of a request's logger names the request, as Fastify's own child loggers would.
    mixin: (_object: object, _level: number, logger: RequestLogger) =>
      logger[REQUEST_ID] === undefined ? {} : { reqId: logger[REQUEST_ID] },
    stream: { write: (line: string) => sink.write(scrubLogLine(line)) },
  };
}

/**
 * Fastify's per-request child logger, without child bindings. Fastify's default binds `{reqId}` to a child
 * of the redacting logger, and pino runs the redaction over bindings at every child's creation: measured,
 * that was some 5 KB of garbage and a few µs per request, more than many a handler. Here the id sits on the
 * child and the mixin above writes it into each line, so it is redacted like the rest of the line only when
 * a line is written at all.
 */
export const requestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => {
  const child: RequestLogger =
    options.level === undefined ? logger.child(NO_BINDINGS) : logger.child(NO_BINDINGS, options);
  child[REQUEST_ID] = String(bindings.reqId);
  return child;
};
const NO_BINDINGS = Object.freeze({});
