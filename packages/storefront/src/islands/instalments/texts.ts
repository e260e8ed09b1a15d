// Labels of the instalment teaser; the teaser lines themselves come from the commerce rules
// (instalmentTeaserText, instalmentOutOfRangeText), worked out on the server. The info modal's texts
// live with the modal, in its own chunk.

export const INSTALMENT_TEXTS = {
  moreInfo: 'Mehr erfahren',
  aboutProvider: (provider: string) => `über Ratenzahlung mit ${provider}`,
} as const;
