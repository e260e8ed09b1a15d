import { SESSION_MESSAGES } from '@baukasten/commerce';

/** German texts of comments, likes and moderation: the one catalogue routes and islands answer with. */
export const commentMessages = {
  nameMissing: 'Bitte gib deinen Namen an.',
  nameTooLong: 'Der Name darf höchstens 80 Zeichen haben.',
  bodyMissing: 'Bitte schreib einen Kommentar.',
  bodyTooLong: 'Ein Kommentar darf höchstens 2000 Zeichen haben.',
  tooManyLinks: 'Kommentare mit mehr als zwei Links werden nicht angenommen.',
  repeated: 'Diesen Kommentar hast du gerade schon geschickt.',
  tooManyComments:
    'Du hast gerade mehrere Kommentare geschrieben. Bitte warte ein paar Minuten, bevor du den nächsten schickst.',
  targetUnknown: 'Diese Seite gibt es nicht (mehr).',
  commentsClosed: 'Hier können keine Kommentare geschrieben werden.',
  parentUnknown: 'Der Kommentar, auf den du antworten willst, ist nicht (mehr) sichtbar.',
  awaitingApproval: 'Danke! Dein Kommentar erscheint, sobald ihn jemand freigegeben hat.',
  likesOff: 'Auf dieser Website kann man nichts mit „Gefällt mir“ markieren.',
  commentNotFound: 'Diesen Kommentar gibt es auf dieser Website nicht.',
  statusUnknown: 'Erlaubt sind die Status approved (freigeben) und rejected (ablehnen).',
  queueStatusUnknown: 'Erlaubt sind die Status pending, approved und rejected.',
  failed: 'Der Kommentar konnte nicht gesendet werden. Bitte versuche es später nochmal.',
} as const;

/**
 * The text for an error type a form post without script was sent back with (`?kommentarFehler=`);
 * only types of this catalogue are shown, anything else gets the general text.
 */
export function commentErrorText(type: unknown): string {
  const texts: Record<string, string> = {
    NAME_MISSING: commentMessages.nameMissing,
    NAME_TOO_LONG: commentMessages.nameTooLong,
    INVALID_EMAIL: 'E-Mail-Adresse ist ungültig',
    BODY_MISSING: commentMessages.bodyMissing,
    BODY_TOO_LONG: commentMessages.bodyTooLong,
    TOO_MANY_LINKS: commentMessages.tooManyLinks,
    REPEATED_COMMENT: commentMessages.repeated,
    RATE_LIMITED: commentMessages.tooManyComments,
    COMMENTS_CLOSED: commentMessages.commentsClosed,
    PARENT_NOT_FOUND: commentMessages.parentUnknown,
    TARGET_NOT_FOUND: commentMessages.targetUnknown,
    CRUMB_FAILED: SESSION_MESSAGES.sessionExpired,
    COOKIES_DISABLED: SESSION_MESSAGES.cookiesDisabled,
  };
  return (
    (typeof type === 'string' && Object.hasOwn(texts, type) ? texts[type] : undefined) ??
    commentMessages.failed
  );
}
