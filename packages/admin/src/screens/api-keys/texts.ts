/* The German texts of the API-keys panel. */

export const K = {
  title: 'API-Schlüssel',
  intro:
    'Mit einem API-Schlüssel lesen andere Programme (Warenwirtschaft, Buchhaltung) Produkte, Lager und Bestellungen dieser Website. Sende ihn als „Authorization: Bearer <Schlüssel>“.',
  newKey: 'Neuer Schlüssel',
  name: 'Name',
  nameHint: 'Wofür der Schlüssel ist, z. B. „Warenwirtschaft“.',
  nameMissing: 'Bitte gib dem Schlüssel einen Namen.',
  scopes: 'Bereiche',
  scopesMissing: 'Bitte wähle mindestens einen Bereich aus.',
  create: 'Schlüssel erstellen',
  createdTitle: 'Dein neuer Schlüssel',
  createdHint:
    'Kopiere ihn jetzt: Er wird nur dieses eine Mal angezeigt und nirgends im Klartext gespeichert.',
  done: 'Ich habe ihn gespeichert',
  none: 'Noch keine API-Schlüssel.',
  created: 'Erstellt',
  lastUsed: 'Zuletzt benutzt',
  never: 'noch nie',
  revoked: 'Widerrufen',
  active: 'Aktiv',
  status: 'Status',
  revoke: 'Widerrufen',
  revokeQuestion: 'Programme mit diesem Schlüssel verlieren sofort den Zugriff. Wirklich widerrufen?',
  revokedNote: (name: string) => `„${name}“ wurde widerrufen.`,
  prefix: 'Beginnt mit',
} as const;
