/** German texts of API keys. */
export const apiKeyMessages = {
  invalidKey: 'Dieser API-Schlüssel ist ungültig oder wurde widerrufen.',
  siteNotFound: 'Diese Website gibt es nicht oder du hast keinen Zugriff darauf.',
  scopeMissing: 'Dieser API-Schlüssel hat keine Berechtigung für diese Anfrage.',
  nameMissing: 'Bitte gib dem Schlüssel einen Namen.',
  nameTooLong: 'Der Name darf höchstens 80 Zeichen lang sein.',
  scopesMissing: 'Bitte wähle mindestens einen Bereich aus.',
  scopeUnknown: (scope: string) => `„${scope}“ ist keine erwartete Option.`,
  keyNotFound: 'Diesen API-Schlüssel gibt es nicht oder er wurde schon widerrufen.',
  tooManyKeys: 'Eine Website kann höchstens 50 aktive API-Schlüssel haben.',
} as const;
