/** German texts of the gallery, its lightbox and the video overlay. */
export const GALLERY_TEXTS = {
  previous: 'Vorheriges Bild',
  next: 'Nächstes Bild',
  close: 'Schließen',
  pause: 'Diashow anhalten',
  play: 'Diashow abspielen',
  position: (number: number, count: number) => `Bild ${number} von ${count}`,
  lightboxLabel: (label: string) => `${label} – Großansicht`,
  playVideo: (title: string) => (title ? `Video abspielen: ${title}` : 'Video abspielen'),
} as const;
