/**
 * German texts of gift cards: buying one, looking up its balance and paying with it. The spec quotes only
 * the denomination text (it comes from @baukasten/commerce); these are worded here once.
 */
export const giftCardMessages = {
  productNotFound: 'Diesen Gutschein gibt es in diesem Shop nicht.',
  codeMissing: 'Bitte gib einen Gutscheincode ein.',
  codeNotFound: 'Diesen Gutscheincode gibt es nicht. Bitte prüfe deine Eingabe.',
  disabled: 'Dieser Gutschein ist nicht mehr gültig.',
  empty: 'Dieser Gutschein ist bereits vollständig eingelöst.',
  currency: (currency: string) => `Dieser Gutschein gilt nur für Bestellungen in ${currency}.`,
  balanceChanged:
    'Das Guthaben deines Gutscheins hat sich inzwischen geändert. Bitte prüfe deine Bestellung und sende sie erneut.',
  recipientInvalid: 'Die E-Mail-Adresse des Beschenkten ist ungültig.',
  orderNotFound: 'Diese Gutscheinbestellung wurde nicht gefunden.',
  pageTitle: 'Gutschein kaufen',
  confirmedTitle: 'Bestellung bestätigt',
  chooseDenomination: 'Betrag wählen',
} as const;
