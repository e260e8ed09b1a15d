/** Why a write was refused. The server maps these to 4xx answers and shows the German message. */
export type StorageErrorType =
  | 'HOSTNAME_TAKEN'
  | 'URL_ID_TAKEN'
  | 'SKU_TAKEN'
  | 'WEBSITE_NOT_FOUND'
  | 'COLLECTION_NOT_FOUND'
  | 'INVALID_INPUT'
  /** Optimistic concurrency: the row changed since the caller read it. */
  | 'ITEM_CHANGED';

export class StorageError extends Error {
  readonly type: StorageErrorType;
  constructor(type: StorageErrorType, message: string) {
    super(message);
    this.name = 'StorageError';
    this.type = type;
  }
}

export const storageMessages = {
  hostnameTaken: (hostname: string) => `Der Hostname „${hostname}“ gehört bereits zu einer anderen Website.`,
  hostnameInvalid: (hostname: string) => `„${hostname}“ ist kein gültiger Hostname.`,
  hostnamesMissing: 'Eine Website braucht mindestens einen Hostnamen.',
  collectionUrlIdTaken: (urlId: string) => `Die Adresse „/${urlId}“ ist auf dieser Website bereits vergeben.`,
  itemUrlIdTaken: (urlId: string) => `Die Adresse „${urlId}“ ist in dieser Sammlung bereits vergeben.`,
  urlIdInvalid: (urlId: string) =>
    `„${urlId}“ ist keine gültige Adresse. Erlaubt sind Kleinbuchstaben, Ziffern und Bindestriche.`,
  urlIdReserved: (urlId: string) => `Die Adresse „/${urlId}“ ist für Baukasten reserviert.`,
  skuTaken: (sku: string) => `Die Artikelnummer „${sku}“ ist auf dieser Website bereits vergeben.`,
  websiteNotFound: 'Die Website wurde nicht gefunden.',
  collectionNotFound: 'Die Sammlung wurde auf dieser Website nicht gefunden.',
  titleMissing: 'Der Titel darf nicht leer sein.',
  itemChanged:
    'Das Produkt wurde inzwischen von jemand anderem geändert. Bitte lade es neu und übernimm deine Änderungen erneut.',
  moneyInvalid: (field: string) => `${field} muss eine ganze, nicht negative Zahl in Cent sein.`,
  stockInvalid: 'Der Lagerbestand muss eine ganze, nicht negative Zahl sein.',
  variantsMissing: 'Ein Produkt braucht mindestens eine Variante.',
} as const;

/** True for a unique or primary-key violation on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string } | undefined;
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
