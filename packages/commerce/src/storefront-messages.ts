// The one catalogue of German storefront texts (spec 4, 5 and 8). Texts the spec quotes are copied
// exactly, including its punctuation (some end without a full stop); texts the spec only describes
// are worded here once. Server and islands import these instead of writing their own literals.

/** Titles of the add-to-cart alert dialog. */
export const ADD_TO_CART_ALERT_TITLES = {
  addToCart: 'Artikel kann nicht hinzugefügt werden',
  expressCheckout: 'Artikel kann nicht gekauft werden',
  giftCard: 'Gutschein kann nicht gekauft werden',
} as const;

export const ADD_TO_CART_MESSAGES = {
  variantUnavailable: 'Diese Artikelvariante ist leider nicht verfügbar. Bitte eine andere Variante wählen.',
  notEnoughStock: 'Leider sind derzeit nicht genügend Artikel verfügbar.',
  quantityNotANumber: 'Anzahl muss eine Zahl sein.',
  quantityNotWhole: 'Die Menge muss eine ganze Zahl sein',
  /** Not quoted by the spec: a whole quantity outside the input's 1 to 9999. */
  quantityOutOfRange: 'Die Menge muss zwischen 1 und 9999 liegen.',
  giftCardDenomination: 'Eine Bezeichnung für den Gutschein auswählen',
  /** Not quoted by the spec: any other failed add-to-cart call. */
  apiFailure: 'Der Artikel konnte nicht hinzugefügt werden. Bitte versuche es erneut.',
  /** Not quoted by the spec: the custom product form could not be shown (CUSTOM_FORM_RENDER_ERROR). */
  customFormUnavailable:
    'Das Formular zu diesem Artikel konnte nicht geladen werden. Bitte versuche es erneut.',
} as const;

/** Crumb (CSRF) and rate-limit answers of the shop API (spec 8). */
export const SESSION_MESSAGES = {
  sessionExpired: 'Deine Sitzung ist abgelaufen. Bitte aktualisiere die Seite und versuche es erneut.',
  cookiesDisabled:
    'Bitte aktiviere Cookies in deinem Browser, aktualisiere die Seite und versuche es erneut.',
  tooManyRequests: 'Bitte versuche es in einigen Sekunden erneut.',
  /** Described by the spec (missing session or cookies at checkout), worded here. */
  checkoutUnavailable:
    'Die Kasse kann nicht fortfahren, weil deine Sitzung oder Cookies fehlen. Bitte aktiviere Cookies und lade die Seite neu.',
} as const;

/** Labels of the add-to-cart button in its states (spec 4). */
export const ADD_TO_CART_BUTTON_TEXTS = {
  adding: 'Adding ...',
  added: 'Added!',
  chooseOption: 'Option auswählen',
  soldOut: 'Ausverkauft',
} as const;

export const RESTOCK_MESSAGES = {
  emailEmpty: 'E-Mail-Adresse darf nicht leer sein',
  emailInvalid: 'E-Mail-Adresse ist ungültig',
  submitFailed: 'Formular kann nicht gesendet werden. Bitte versuche es später nochmal.',
  success: 'Registriert!',
  missingSiteKey: 'Enterprise V3 ReCaptcha site key not found',
} as const;

export const FORM_MESSAGES = {
  required: 'Erforderlich',
  likertMissing: 'Die Umfrage ist ungültig. Eine erforderliche Frage fehlt.',
  submitting: 'Wird gesendet …',
  // The following are described by the spec (sections 5 and 8) and worded here.
  characterLimitExceeded: 'Zeichenbegrenzung überschritten',
  emailInvalid: 'Die E-Mail-Adresse muss die Form nutzer@domain.de haben.',
  urlTooLong: 'Die Adresse darf höchstens 2083 Zeichen lang sein.',
  invalidValue: 'Ungültiger Wert',
  captchaIncomplete: 'Bitte bestätige, dass du kein Roboter bist.',
  cannotSubmit: 'Das Formular kann gerade nicht gesendet werden. Bitte versuche es später erneut.',
  notConfigured: 'Dieses Formular ist noch nicht eingerichtet.',
  rateLimited: 'Zu viele Übermittlungen. Bitte warte einen Moment und versuche es dann erneut.',
  unknownError: 'Ein unbekannter Fehler ist aufgetreten.',
  formKeyUnavailable: 'Das Formular konnte nicht vorbereitet werden. Bitte lade die Seite neu.',
  fieldsUnreadable: 'Die Formularfelder konnten nicht gelesen werden.',
  fieldsInvalid: 'Ein oder mehrere Felder sind ungültig.',
  problemBanner: 'Beim Senden des Formulars ist ein Problem aufgetreten. Bitte prüfe die markierten Felder.',
} as const;

/** The form-submission message for an HTTP status, or null when the answer carries field errors. */
export function formSubmissionStatusMessage(status: number): string | null {
  if (status === 400) return null;
  if (status === 404) return FORM_MESSAGES.notConfigured;
  if (status === 429) return FORM_MESSAGES.rateLimited;
  if (status === 401 || status >= 500) return FORM_MESSAGES.cannotSubmit;
  return FORM_MESSAGES.unknownError;
}

/** The cart page's minimum-order text (spec 8) with the formatted subtotal filled in. */
export function minimumOrderMessage(formattedSubtotal: string): string {
  return `Du kannst erst zur Kasse gehen, wenn die Zwischensumme deiner Bestellung ${formattedSubtotal} oder mehr beträgt.`;
}

/**
 * 'Bitte wähle die Option Größe.' for one missing option, 'Bitte wähle die Optionen Größe und Farbe.'
 * for two and 'Bitte wähle die Optionen Größe, Farbe und Material.' for more.
 */
export function missingOptionsMessage(optionNames: readonly string[]): string {
  const names = optionNames.filter((name) => name.trim() !== '');
  if (names.length === 0) return 'Bitte wähle eine Option.';
  if (names.length === 1) return `Bitte wähle die Option ${names[0]}.`;
  const list = `${names.slice(0, -1).join(', ')} und ${names[names.length - 1]}`;
  return `Bitte wähle die Optionen ${list}.`;
}
