/** German texts of blog, events and search pages (errors and labels the server writes). */
export const contentMessages = {
  pageInvalid: 'Die Seitenzahl muss eine ganze Zahl ab 1 sein.',
  filterInvalid: 'Kategorie und Schlagwort dürfen höchstens 100 Zeichen lang sein.',
  viewUnknown: 'Unbekannte Ansicht. Erlaubt sind „kommende“, „vergangen“ und „kalender“.',
  monthInvalid: 'Der Monat muss im Format JJJJ-MM angegeben werden, z. B. 2026-07.',
  queryTooLong: 'Der Suchbegriff darf höchstens 200 Zeichen lang sein.',
  formatUnknownBlog: 'Unbekanntes Format. Erlaubt sind ?format=json und ?format=rss.',
  formatUnknownEvent: 'Unbekanntes Format. Erlaubt sind ?format=json und ?format=ical.',
  categoryLabel: 'Kategorie',
  tagLabel: 'Schlagwort',
  searchTitle: 'Suche',
  noResults: (query: string) => `Keine Treffer für „${query}“.`,
  results: (count: number, query: string) =>
    count === 1 ? `1 Treffer für „${query}“` : `${count} Treffer für „${query}“`,
  kindLabels: { product: 'Produkt', post: 'Beitrag', event: 'Veranstaltung', page: 'Seite', item: 'Eintrag' },
} as const;
