/**
 * An error with an HTTP status, a tracked type and a German message. Routes throw it; the error handler turns
 * it into `{"error": {"type", "message"}}` for API calls or a German error page for page requests.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/** API calls are the URLs under /api/: they are answered in JSON, errors included; everything else is a page. */
export const isApiUrl = (url: string) => url.startsWith('/api/');
