/*
 * Every German text of the customer accounts: errors (by type, so a form post can carry the type in the
 * query and the page shows its text) and notices after a successful action.
 */

export const customerErrors = {
  NOT_SIGNED_IN: 'Bitte melde dich an.',
  INVALID_INPUT: 'Bitte prüfe deine Eingaben.',
  INVALID_EMAIL: 'Die E-Mail-Adresse muss die Form nutzer@domain.de haben.',
  NAME_REQUIRED: 'Bitte gib deinen Namen an.',
  PASSWORD_TOO_SHORT: 'Das Passwort muss mindestens 10 Zeichen lang sein.',
  PASSWORD_TOO_LONG: 'Das Passwort darf höchstens 200 Zeichen lang sein.',
  // Also the answer while a sign-up waits for its mail link: "not confirmed yet" would tell a stranger
  // that the address was just registered (security review #18).
  WRONG_CREDENTIALS:
    'E-Mail-Adresse oder Passwort ist falsch. Hast du gerade ein Konto angelegt? Dann bestätige zuerst deine E-Mail-Adresse über den Link in unserer E-Mail.',
  WRONG_PASSWORD: 'Das Passwort ist falsch.',
  TOO_MANY_SIGN_INS: 'Zu viele Anmeldeversuche. Bitte warte 15 Minuten und versuche es dann erneut.',
  TOO_MANY_REQUESTS: 'Zu viele Anfragen. Bitte warte einen Moment und versuche es dann erneut.',
  LINK_INVALID:
    'Dieser Link ist ungültig, abgelaufen oder wurde schon benutzt. Bitte fordere einen neuen an.',
  NOT_VERIFIED: 'Bitte bestätige zuerst deine E-Mail-Adresse über den Link in unserer E-Mail.',
  SUBSCRIPTION_NOT_FOUND: 'Dieses Abo gibt es in deinem Konto nicht.',
  SUBSCRIPTION_NOT_ACTIVE: 'Dieses Abo ist bereits gekündigt oder beendet.',
  ADDRESS_NOT_FOUND: 'Diese Adresse gibt es in deinem Konto nicht.',
  ADDRESS_INVALID: 'Bitte prüfe die Adresse.',
  NOTICE_NOT_FOUND: 'Diese Benachrichtigung gibt es in deinem Konto nicht.',
  PRODUCT_NOT_FOUND: 'Diesen Artikel gibt es nicht.',
} as const;

export type CustomerErrorType = keyof typeof customerErrors;

export const customerNotices = {
  // The same for a new and a taken address (security review #18); the mail tells which it was.
  CHECK_MAIL:
    'Fast geschafft! Prüfe dein Postfach: Wir haben dir eine E-Mail geschickt. Über den Link darin bestätigst du deine E-Mail-Adresse, dann ist dein Konto angelegt und du bist angemeldet. Hast du schon ein Konto, steht in der E-Mail, wie du dich anmeldest.',
  SIGNED_UP:
    'Willkommen! Deine E-Mail-Adresse ist bestätigt und dein Kundenkonto angelegt. Hier siehst du auch die Bestellungen, die du mit dieser Adresse aufgegeben hast.',
  SIGNED_OUT: 'Du bist abgemeldet.',
  VERIFIED: 'Danke! Deine E-Mail-Adresse ist bestätigt.',
  VERIFICATION_SENT: 'Wir haben dir einen neuen Bestätigungslink geschickt.',
  RESET_SENT:
    'Wenn es zu dieser E-Mail-Adresse ein Kundenkonto gibt, haben wir dir einen Link zum Zurücksetzen des Passworts geschickt. Er gilt eine Stunde.',
  PASSWORD_CHANGED: 'Dein neues Passwort ist gespeichert. Du bist angemeldet.',
  SUBSCRIPTION_CANCELLED: 'Dein Abo ist gekündigt. Es wird nichts mehr abgebucht.',
  ADDRESS_SAVED: 'Die Adresse ist gespeichert.',
  ADDRESS_REMOVED: 'Die Adresse ist gelöscht.',
  ADDRESS_DEFAULT: 'Diese Adresse ist jetzt deine Standardadresse.',
  NOTICE_ADDED: 'Wir benachrichtigen dich, sobald der Artikel wieder da ist.',
  NOTICE_REMOVED: 'Die Benachrichtigung ist entfernt.',
  NEWSLETTER_ON: 'Du bekommst jetzt unseren Newsletter.',
  NEWSLETTER_OFF: 'Du bekommst keinen Newsletter mehr.',
  ACCOUNT_DELETED:
    'Dein Kundenkonto ist gelöscht. Deine Bestellungen bewahren wir ohne deine persönlichen Daten auf, wie es das Gesetz verlangt.',
} as const;

export type CustomerNoticeType = keyof typeof customerNotices;

export const accountTexts = {
  signInTitle: 'Anmelden',
  signUpTitle: 'Kundenkonto erstellen',
  forgotTitle: 'Passwort vergessen',
  resetTitle: 'Neues Passwort festlegen',
  overviewTitle: 'Mein Konto',
  ordersTitle: 'Meine Bestellungen',
  downloadsTitle: 'Meine Downloads',
  subscriptionsTitle: 'Meine Abos',
  addressesTitle: 'Meine Adressen',
  restockTitle: 'Meine Benachrichtigungen',
  newsletterTitle: 'Newsletter',
  deleteTitle: 'Konto löschen',
  orderStatus: { open: 'In Bearbeitung', fulfilled: 'Versendet', cancelled: 'Storniert' } as Record<
    string,
    string
  >,
  subscriptionStatus: {
    ACTIVE: 'Aktiv',
    // Issue #20: a renewal's money failed or its order could not be placed; nothing is charged meanwhile.
    PAST_DUE: 'Zahlung ausstehend',
    CANCELLED: 'Gekündigt',
    ENDED: 'Beendet',
  } as Record<string, string>,
} as const;
