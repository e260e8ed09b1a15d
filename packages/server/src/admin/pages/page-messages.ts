/**
 * The German texts of the page and navigation routes. Routes and schemas use these; no user-facing
 * string is written anywhere else in this folder.
 */
export const pageMessages = {
  // Spec 5, editor messages (R5.12.4, R5.12.5).
  pageUrlInvalid: (value: string) =>
    `„${value}“ ist keine gültige Seiten-URL. Erlaubt sind Kleinbuchstaben, Ziffern und Bindestriche.`,
  notAnExpectedOption: (value: string) => `„${value}“ ist keine erwartete Option.`,

  // Spec 8, editor message (R8.7.12): another member is editing the page.
  pageLocked: (holder: string) =>
    `Die Seite ist gesperrt: ${holder} bearbeitet sie gerade. Du kannst sie ansehen, aber erst ändern, wenn ${holder} fertig ist.`,
  pageNotFound: 'Diese Seite wurde nicht gefunden.',
  previewPageNotFound: 'Diese Seite gibt es auf dieser Website nicht.',
  pageTitleMissing: 'Bitte gib der Seite einen Titel.',
  pageTitleTooLong: 'Der Titel darf höchstens 200 Zeichen lang sein.',
  pageTypeUnknown:
    'Diesen Seitentyp gibt es nicht. Möglich sind page (Seite), products (Produkte), blog, gallery (Galerie) und events (Veranstaltungen).',
  seoTitleTooLong: 'Der SEO-Titel darf höchstens 200 Zeichen lang sein.',
  seoDescriptionTooLong: 'Die SEO-Beschreibung darf höchstens 400 Zeichen lang sein.',
  navigationIncomplete: 'Bitte gib jede Seite der Website genau einmal in der neuen Reihenfolge an.',
  nothingToChange: 'Es wurde nichts zum Ändern angegeben.',

  // Blocks
  blocksMissing: 'Bitte sende die Blöcke der Seite als Liste.',
  tooManyBlocks: (max: number) => `Eine Seite kann höchstens ${max} Blöcke haben.`,
  blockTypeUnknown: 'Diese Blockart gibt es nicht.',
  blockIdInvalid: 'Die Kennung des Blocks ist ungültig.',
  headingMissing: 'Bitte gib eine Überschrift ein.',
  headingTooLong: 'Die Überschrift darf höchstens 500 Zeichen lang sein.',
  textMissing: 'Bitte gib einen Text ein.',
  textTooLong: (max: number) => `Der Text darf höchstens ${max.toLocaleString('de-DE')} Zeichen lang sein.`,
  imageUrlInvalid: 'Bitte gib eine gültige Bildadresse an (https://… oder /…).',
  altTextTooLong: 'Der Alternativtext darf höchstens 250 Zeichen lang sein.',
  captionTooLong: 'Die Bildunterschrift darf höchstens 500 Zeichen lang sein.',
  imageSizeInvalid: 'Die Bildgröße muss als Breite x Höhe in Pixeln angegeben werden, z. B. 1200x800.',
  linkInvalid: (value: string) =>
    `„${value}“ ist keine gültige Link-Adresse. Erlaubt sind https://…, mailto:…, tel:… und Pfade wie /kontakt.`,
  buttonLabelMissing: 'Bitte gib eine Beschriftung für den Button ein.',
  buttonLabelTooLong: 'Die Beschriftung darf höchstens 100 Zeichen lang sein.',
  spacerHeightInvalid: 'Der Abstand muss eine ganze Zahl zwischen 8 und 400 Pixeln sein.',
  embedUrlInvalid: 'Bitte gib die https-Adresse des Inhalts an, der eingebettet werden soll.',
  productsCollectionUnknown: (urlId: string) => `Es gibt keine Produktseite mit der Adresse „/${urlId}“.`,
  summaryCollectionUnknown: (urlId: string) => `Es gibt keine Seite mit der Adresse „/${urlId}“.`,
  collectionMissing: 'Bitte wähle die Seite, deren Inhalte der Block zeigen soll.',
  limitInvalid: (max: number) => `Die Anzahl muss eine ganze Zahl zwischen 1 und ${max} sein.`,
  formMissing: 'Bitte wähle ein Formular.',
  formUnknown: 'Dieses Formular gibt es auf dieser Website nicht.',
  galleryImagesMissing: 'Eine Galerie braucht mindestens ein Bild.',
  galleryTooManyImages: 'Eine Galerie kann höchstens 200 Bilder haben.',
  gallerySettingRange: (name: string, min: number, max: number) =>
    `„${name}“ muss eine ganze Zahl zwischen ${min} und ${max} sein.`,
  accordionItemsMissing: 'Ein Akkordeon braucht mindestens einen Eintrag.',
  accordionTooManyItems: 'Ein Akkordeon kann höchstens 50 Einträge haben.',
  accordionTitleMissing: 'Bitte gib jedem Eintrag einen Titel.',
  latitudeInvalid: 'Der Breitengrad muss zwischen -90 und 90 liegen.',
  longitudeInvalid: 'Der Längengrad muss zwischen -180 und 180 liegen.',
  zoomInvalid: 'Die Zoomstufe muss eine ganze Zahl zwischen 1 und 20 sein.',
  addressTooLong: 'Die Adresse darf höchstens 300 Zeichen lang sein.',
  newsletterTextTooLong: 'Titel und Beschreibung dürfen höchstens 500 Zeichen lang sein.',
  // Video and audio blocks
  videoMissing: 'Bitte gib die Adresse des Videos oder seinen Einbettungscode (oEmbed-HTML) an.',
  videoUrlInvalid: 'Bitte gib die https-Adresse des Videos an, z. B. https://www.youtube.com/watch?v=…',
  videoHtmlInvalid: 'Der Einbettungscode muss einen Player mit https-Adresse (iframe) enthalten.',
  videoTextTooLong: 'Titel und Anbieter dürfen höchstens 200 Zeichen lang sein.',
  audioUrlInvalid: 'Bitte gib die Adresse der Audiodatei an (https://… oder /…).',
  audioTextTooLong: 'Titel und Künstler dürfen höchstens 200 Zeichen lang sein.',
  audioDurationInvalid: 'Die Dauer muss eine ganze Zahl von Millisekunden bis höchstens 24 Stunden sein.',
  // Home-page sections (issue 22): hero, image with text, featured product, testimonials, FAQ
  sectionHeadingMissing: 'Bitte gib eine Überschrift ein.',
  sectionHeadingTooLong: 'Die Überschrift darf höchstens 200 Zeichen lang sein.',
  sectionTextTooLong: 'Der Text darf höchstens 1.000 Zeichen lang sein.',
  heroImageMissing: 'Bitte wähle ein Bild für den Titelbereich.',
  sectionButtonIncomplete: 'Ein Button braucht beides: eine Beschriftung und einen Link.',
  imageAltTextMissing:
    'Bitte beschreibe das Bild in einem Alternativtext, damit es auch vorgelesen verstanden wird.',
  featuredProductMissing: 'Bitte wähle das Produkt, das der Block zeigen soll.',
  featuredProductUnknown: 'Dieses Produkt gibt es auf dieser Website nicht (mehr). Bitte wähle ein anderes.',
  testimonialsMissing: 'Bitte gib mindestens eine Kundenstimme ein.',
  testimonialsTooMany: 'Ein Block kann höchstens 20 Kundenstimmen zeigen.',
  quoteMissing: 'Bitte gib das Zitat der Kundenstimme ein.',
  quoteTooLong: 'Ein Zitat darf höchstens 1.000 Zeichen lang sein.',
  quoteNameMissing: 'Bitte gib an, von wem die Kundenstimme stammt.',
  quoteNameTooLong: 'Name und Zusatz dürfen höchstens 100 Zeichen lang sein.',
  faqMissing: 'Bitte gib mindestens eine Frage mit Antwort ein.',
  faqTooMany: 'Ein Block kann höchstens 50 Fragen zeigen.',
  faqQuestionMissing: 'Bitte gib die Frage ein.',
  faqQuestionTooLong: 'Eine Frage darf höchstens 300 Zeichen lang sein.',
  faqAnswerMissing: 'Bitte gib eine Antwort auf die Frage ein.',
  faqAnswerTooLong: 'Eine Antwort darf höchstens 5.000 Zeichen lang sein.',
} as const;
