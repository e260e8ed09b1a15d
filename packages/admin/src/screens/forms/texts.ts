/* The German texts of the form screens (kept beside them; the shell's texts are in messages.ts). */

export const F = {
  title: 'Formulare',
  intro: 'Was Besucher über die Formulare deiner Website geschickt haben.',
  noForms: 'Diese Website hat noch keine Formulare.',
  fields: (count: number) => (count === 1 ? '1 Feld' : `${count} Felder`),
  open: (name: string) => `Antworten von „${name}“ ansehen`,
  submissionsTitle: (name: string) => `Antworten: ${name}`,
  allForms: 'Alle Formulare',
  exportCsv: 'Als CSV exportieren',
  count: (count: number) => (count === 1 ? '1 Antwort' : `${count} Antworten`),
  none: 'Für dieses Formular ist noch keine Antwort eingegangen.',
  received: 'Eingegangen',
  empty: '—',
  more: (rest: number) => `Weitere ${Math.min(rest, 50)} anzeigen`,
  showing: (shown: number, total: number) => `${shown} von ${total} angezeigt`,
} as const;
