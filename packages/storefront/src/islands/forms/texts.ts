// Texts of the form islands that the spec does not quote. Texts it quotes or describes (validation,
// error mapping, restock) come from the commerce catalogue (FORM_MESSAGES, RESTOCK_MESSAGES); these
// are only labels and hints, worded here once.

export const FORM_ISLAND_TEXTS = {
  submit: 'Senden',
  defaultSuccess: 'Vielen Dank! Deine Nachricht wurde gesendet.',
  selectPlaceholder: 'Bitte auswählen',
  checkboxYes: 'Ja',
  name: { First: 'Vorname', Last: 'Nachname' },
  date: { Month: 'Monat', Day: 'Tag', Year: 'Jahr' },
  time: { Hour: 'Stunde', Minute: 'Minute', Second: 'Sekunde', Ampm: 'AM/PM' },
  phone: { Country: 'Ländervorwahl', Areacode: 'Vorwahl', Prefix: 'Rufnummer', Line: 'Durchwahl' },
  addressCountry: 'Land',
  requiredMark: '(erforderlich)',
} as const;

export const CAPTCHA_TEXTS = {
  solving: 'Sicherheitsprüfung läuft …',
  ready: 'Sicherheitsprüfung abgeschlossen',
  /** The compact size on very narrow screens (spec 9): the same news in fewer words. */
  compact: { solving: 'Prüfung läuft …', ready: 'Geprüft' },
} as const;

export const RESTOCK_ISLAND_TEXTS = {
  emailLabel: 'E-Mail-Adresse',
  joinMailingList: 'Newsletter abonnieren',
  submit: 'Benachrichtige mich',
  /** Above the one-click button of a signed-in customer. */
  signedInHint: 'Du bist angemeldet: Wir schreiben dir an die E-Mail-Adresse deines Kundenkontos.',
} as const;

export const NEWSLETTER_TEXTS = {
  emailLabel: 'E-Mail-Adresse',
  submit: 'Anmelden',
  /** Success when the server names no text of its own: a confirmation mail is on its way. */
  confirmationSent:
    'Fast geschafft! Wir haben dir eine E-Mail geschickt. Bitte bestätige deine Anmeldung über den Link darin.',
  failed: 'Die Anmeldung hat nicht geklappt. Bitte versuche es später erneut.',
} as const;
