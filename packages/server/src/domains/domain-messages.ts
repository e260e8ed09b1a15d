/** German texts of the editor's "Domains" screen. */
export const domainMessages = {
  domainInvalid:
    'Bitte gib einen Domainnamen ein, z. B. meinladen.de oder www.meinladen.de – ohne https:// und ohne Pfad.',
  platformDomain:
    'Diese Adresse gehört zu Baukasten selbst und kann nicht als eigene Domain verbunden werden.',
  notFound: 'Diese Domain ist der Website nicht (mehr) hinzugefügt.',
  tooMany: 'Eine Website kann höchstens 10 eigene Domains haben.',
  recordMissing: (name: string) =>
    `Unter ${name} wurde kein TXT-Eintrag gefunden. Neue DNS-Einträge brauchen manchmal einige Minuten bis Stunden – bitte später erneut prüfen.`,
  recordWrong: (name: string) =>
    `Unter ${name} steht ein TXT-Eintrag, aber nicht mit dem erwarteten Wert. Bitte kopiere den Wert genau so, wie er hier angezeigt wird.`,
  dnsUnavailable: 'Der DNS-Server hat nicht geantwortet. Bitte versuche es in ein paar Minuten noch einmal.',
  notVerified: 'Nur eine bestätigte Domain kann die Hauptadresse sein. Bitte prüfe zuerst den TXT-Eintrag.',
} as const;
