// Labels of the address form (spec 3), each with a singular and a plural form, as used in the
// form itself and in messages that speak of several entries (shipping zones, tax rules).

export type AddressLabelKey =
  | 'address'
  | 'addressLine2'
  | 'routingKey'
  | 'postalCode'
  | 'region'
  | 'province'
  | 'stateTerritory'
  | 'county'
  | 'city';

export interface AddressLabel {
  singular: string;
  plural: string;
}

export const ADDRESS_LABELS: Readonly<Record<AddressLabelKey, AddressLabel>> = {
  address: { singular: 'Adresse', plural: 'Adressen' },
  addressLine2: { singular: 'Adresszeile 2', plural: 'Adresszeilen 2' },
  routingKey: { singular: 'Routing-Schlüssel', plural: 'Routing-Schlüssel' },
  postalCode: { singular: 'Postleitzahl', plural: 'Postleitzahlen' },
  region: { singular: 'Region', plural: 'Regionen' },
  province: { singular: 'Provinz', plural: 'Provinzen' },
  stateTerritory: { singular: 'Bundesstaat/Territorium', plural: 'Bundesstaaten/Territorien' },
  county: { singular: 'Grafschaft', plural: 'Grafschaften' },
  city: { singular: 'Stadt', plural: 'Städte' },
};

/** The label in singular for one entry, plural for any other count. */
export function addressLabel(key: AddressLabelKey, count = 1): string {
  const label = ADDRESS_LABELS[key];
  return count === 1 ? label.singular : label.plural;
}
