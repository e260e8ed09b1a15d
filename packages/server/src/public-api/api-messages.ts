/** German texts of the public API (/api/v1). */
export const apiMessages = {
  notFound: 'Das gibt es nicht (oder nicht auf dieser Website).',
  limitInvalid: 'limit muss eine ganze Zahl von 1 bis 100 sein.',
  cursorInvalid: 'Dieser Cursor ist ungültig. Nimm den nextCursor der vorigen Seite oder lass ihn weg.',
  tooManyRequests:
    'Zu viele Anfragen mit diesem API-Schlüssel. Bitte warte, bis RateLimit-Reset abgelaufen ist.',
  idempotencyKeyInvalid: 'Der Idempotency-Key muss 1 bis 255 sichtbare ASCII-Zeichen lang sein.',
  idempotencyKeyReused:
    'Dieser Idempotency-Key wurde schon für eine andere Anfrage benutzt. Nimm für jede neue Anfrage einen neuen Schlüssel.',
  idempotencyKeyInFlight:
    'Eine Anfrage mit diesem Idempotency-Key läuft noch. Bitte versuche es gleich noch einmal.',
  variantNotFound: 'Diese Variante gibt es bei diesem Produkt nicht.',
  stockChanged: 'Der Lagerbestand hat sich inzwischen geändert. Lies ihn neu und versuche es noch einmal.',
  stockBelowZero: 'Der Lagerbestand kann nicht unter 0 fallen.',
  stockUnlimited: 'Diese Variante hat unbegrenzten Bestand; es gibt nichts zu verrechnen.',
  deltaInvalid: 'delta muss eine ganze Zahl ungleich 0 sein (höchstens ±1.000.000).',
  discountExists: (code: string) => `Den Rabattcode „${code}“ gibt es schon.`,
  discountNotFound: 'Diesen Rabattcode gibt es nicht.',
  orderNotFound: 'Diese Bestellung gibt es nicht.',
  notifyCustomerInvalid: 'notifyCustomer muss true oder false sein.',
  refundNeedsIdempotencyKey:
    'Eine Erstattung braucht einen Idempotency-Key, damit eine wiederholte Anfrage nicht doppelt erstattet.',
} as const;
