import type { Storage } from './open-storage.js';
import { CollectionType } from './types.js';

/*
 * The demo shop's journal (a small German blog) and its events page. Posts have fixed dates so the demo
 * looks the same everywhere; the coming events are placed after the day of seeding, so the list of
 * upcoming events is never empty on a fresh demo.
 */

const DAY = 86_400_000;
const WERKSTATT = {
  addressLine1: 'Baukastenweg 12',
  addressLine2: '10115 Berlin',
  addressCountry: 'Deutschland',
  mapLat: 52.532,
  mapLng: 13.384,
};

/** Midnight UTC of the day `days` after `now`, plus `hourUtc` hours. */
const dayAfter = (now: number, days: number, hourUtc: number) =>
  Math.floor(now / DAY) * DAY + days * DAY + hourUtc * 3_600_000;

export async function seedDemoContent(tx: Storage, websiteId: string, now = Date.now()) {
  const journal = await tx.collections.create(websiteId, {
    type: CollectionType.GENERIC,
    urlId: 'journal',
    title: 'Journal',
    position: 4,
    description: 'Geschichten aus der Werkstatt, Pflegetipps und Neues aus dem Laden.',
    settings: { typeName: 'blog' },
  });
  await tx.content.createPost(websiteId, {
    collectionId: journal.id,
    urlId: 'emaille-becher-richtig-pflegen',
    title: 'Emaille-Becher richtig pflegen',
    excerpt: '<p>So bleibt dein Emaille-Becher viele Jahre schön – drei einfache Regeln.</p>',
    body:
      '<p>Emaille ist robust, aber nicht unverwüstlich. Spüle deine Becher am besten von Hand mit warmem ' +
      'Wasser und etwas Spülmittel.</p><h2>Drei Regeln</h2><ul><li>Keine Scheuermittel</li>' +
      '<li>Nicht auf offener Flamme leer erhitzen</li><li>Abgeplatzte Stellen trocken halten</li></ul>',
    categories: ['Pflege'],
    tags: ['becher', 'emaille'],
    publishedOn: Date.UTC(2025, 2, 3, 8, 0, 0),
    authorDisplayName: 'Jana Krüger',
    starred: true,
    commentState: 1,
  });
  await tx.content.createPost(websiteId, {
    collectionId: journal.id,
    urlId: 'ein-tag-in-unserer-werkstatt',
    title: 'Ein Tag in unserer Werkstatt',
    excerpt: '<p>Vom ersten Kaffee bis zum letzten Paket: ein Blick hinter die Kulissen.</p>',
    body:
      '<p>Morgens um acht wird der Brennofen geprüft, danach geht es an die Gravuren. Jedes Stück, das ' +
      'unsere Werkstatt verlässt, haben wir in der Hand gehabt.</p>',
    categories: ['Werkstatt'],
    tags: ['werkstatt', 'handarbeit'],
    publishedOn: Date.UTC(2025, 3, 14, 8, 0, 0),
    authorDisplayName: 'Max Weber',
    commentState: 1,
  });
  await tx.content.createPost(websiteId, {
    collectionId: journal.id,
    urlId: 'neu-duftkerzen-aus-sojawachs',
    title: 'Neu im Laden: Duftkerzen aus Sojawachs',
    excerpt: '<p>Unsere Duftkerze Lavendel brennt sauber und lange – hier erzählen wir, warum.</p>',
    body:
      '<p>Sojawachs brennt kühler als Paraffin, deshalb hält eine Kerze länger. Den Lavendelduft mischen ' +
      'wir selbst.</p>',
    categories: ['Neuigkeiten', 'Werkstatt'],
    tags: ['kerzen'],
    publishedOn: Date.UTC(2025, 4, 20, 8, 0, 0),
    authorDisplayName: 'Jana Krüger',
    commentState: 2,
  });

  const events = await tx.collections.create(websiteId, {
    type: CollectionType.GENERIC,
    urlId: 'termine',
    title: 'Termine',
    position: 5,
    description: 'Kurse, offene Werkstatt und Märkte – komm vorbei.',
    settings: { typeName: 'events' },
  });
  const courseStart = dayAfter(now, 14, 16);
  await tx.content.createEvent(websiteId, {
    collectionId: events.id,
    urlId: 'toepferkurs-fuer-einsteiger',
    title: 'Töpferkurs für Einsteiger',
    excerpt: '<p>Drei Stunden an der Drehscheibe, Ton und Glasur inklusive. Keine Vorkenntnisse nötig.</p>',
    startDate: courseStart,
    endDate: courseStart + 3 * 3_600_000,
    location: WERKSTATT,
  });
  const openStart = dayAfter(now, 30, 9);
  await tx.content.createEvent(websiteId, {
    collectionId: events.id,
    urlId: 'offene-werkstatt',
    title: 'Offene Werkstatt',
    excerpt: '<p>Schau uns beim Gravieren über die Schulter und bring dein Lieblingsstück mit.</p>',
    startDate: openStart,
    endDate: openStart + 5 * 3_600_000,
    location: WERKSTATT,
  });
  await tx.content.createEvent(websiteId, {
    collectionId: events.id,
    urlId: 'herbstmarkt-im-hof',
    title: 'Herbstmarkt im Hof',
    excerpt: '<p>Unser Herbstmarkt mit Kaffee, Kuchen und Sonderpreisen.</p>',
    startDate: Date.UTC(2025, 9, 4, 9, 0, 0),
    endDate: Date.UTC(2025, 9, 4, 16, 0, 0),
    location: { ...WERKSTATT, addressLine1: 'Hof der Werkstatt, Baukastenweg 12' },
  });
  return { journalId: journal.id, eventsId: events.id };
}
