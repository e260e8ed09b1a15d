/* The German texts of the dashboards (kept beside the screen; the shell's texts are in messages.ts). */

const day = (ymd: string) => `${ymd.slice(8, 10)}.${ymd.slice(5, 7)}.${ymd.slice(0, 4)}`;

export const A = {
  title: 'Statistik',
  notAllowed: 'Dafür fehlt dir die Berechtigung.',
  noSiteWithAnalytics: 'Du hast auf keiner Website Zugriff auf die Statistik.',
  allSites: 'Alle Websites',
  range: 'Zeitraum',
  presets: 'Schnellauswahl',
  lastDays: (days: number) => `Letzte ${days} Tage`,
  from: 'Von',
  to: 'Bis',
  show: 'Anzeigen',
  nothingYet: 'In diesem Zeitraum gibt es noch keine Daten.',

  traffic: 'Besuche',
  visits: 'Besuche',
  uniqueVisitors: 'Eindeutige Besucher',
  pageViews: 'Seitenaufrufe',
  trafficChart: (from: string, to: string) =>
    `Besuche, Besucher und Seitenaufrufe vom ${day(from)} bis ${day(to)}`,
  topPages: 'Meistbesuchte Seiten',
  topReferrers: 'Herkunft der Besucher',
  noReferrers: 'Noch keine Besuche über andere Websites.',

  funnel: 'Verkaufstrichter',
  funnelChart: 'Sitzungen je Schritt: Produktansicht, Warenkorb, Kasse, Kauf',
  conversion: 'Konversionsrate (Kauf je Produktansicht)',
  revenue: (orders: number) => `Umsatz aus ${orders} ${orders === 1 ? 'Bestellung' : 'Bestellungen'}`,

  vitals: 'Ladezeiten (Web Vitals)',
  vitalsHint:
    'Für jede Seite der Wert, den 75 % der Besuche erreichen (p75), auf den Bereichen gut, verbesserungswürdig und schlecht.',

  errors: 'JavaScript-Fehler',
  errorCount: 'Fehler',
  errorsChart: 'JavaScript-Fehler je Tag',
  errorMessages: 'Häufigste Fehlermeldungen',
  noErrors: 'Keine JavaScript-Fehler in diesem Zeitraum.',
} as const;
