/** The German texts of the cookie banner. */
export const CONSENT_TEXTS = {
  label: 'Cookie-Hinweis',
  title: 'Cookies auf dieser Website',
  statistics:
    'Wir möchten verstehen, wie diese Website genutzt wird, und sie so verbessern. Dafür setzen wir Statistik-Cookies – aber erst, wenn du zustimmst.',
  statisticsAndAds:
    'Wir möchten verstehen, wie diese Website genutzt wird, und unsere Werbung messen. Dafür setzen wir Statistik-Cookies und Werbe-Pixel von Meta und Google – aber erst, wenn du zustimmst.',
  withoutChoice: 'Ohne deine Zustimmung bleibt alles aus, die Website funktioniert trotzdem vollständig.',
  agree: 'Zustimmen',
  decline: 'Ablehnen',
} as const;
