/** German texts of the comments and the like button. */
export const COMMENT_TEXTS = {
  empty: 'Noch keine Kommentare. Schreib den ersten!',
  closed: 'Die Kommentare sind geschlossen.',
  formTitle: 'Kommentar schreiben',
  replyTitle: (name: string) => `Antwort an ${name}`,
  name: 'Name',
  email: 'E-Mail-Adresse (optional, wird nicht veröffentlicht)',
  body: 'Kommentar',
  honeypot: 'Bitte leer lassen',
  submit: 'Kommentar senden',
  submitReply: 'Antwort senden',
  sending: 'Wird gesendet …',
  reply: 'Antworten',
  cancelReply: 'Abbrechen',
  failed: 'Der Kommentar konnte nicht gesendet werden. Bitte versuche es später nochmal.',
  repliesLabel: (name: string) => `Antworten auf ${name}`,
  like: 'Gefällt mir',
  liked: 'Gefällt dir',
  likeLabel: (count: number) =>
    `Gefällt mir, ${count === 1 ? '1 Person gefällt das' : `${count} Personen gefällt das`}`,
  likeFailed: 'Das hat nicht geklappt. Bitte versuche es später nochmal.',
} as const;
