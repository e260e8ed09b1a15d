// Regions, provinces, states and counties offered in the address form per country (spec 3).
// Kept as compact "code:name|code:name" strings and split on first use, so the data costs little
// in a bundle that does not need it.

import type { AddressLabelKey } from './address-form.js';

export interface Region {
  code: string;
  name: string;
}

interface CountryRegions {
  /** Which address-form label names the field in this country. */
  label: AddressLabelKey;
  data: string;
}

const TABLE: Readonly<Record<string, CountryRegions>> = {
  US: {
    label: 'stateTerritory',
    data:
      'AL:Alabama|AK:Alaska|AZ:Arizona|AR:Arkansas|CA:California|CO:Colorado|CT:Connecticut|DE:Delaware|' +
      'DC:District of Columbia|FL:Florida|GA:Georgia|HI:Hawaii|ID:Idaho|IL:Illinois|IN:Indiana|IA:Iowa|KS:Kansas|' +
      'KY:Kentucky|LA:Louisiana|ME:Maine|MD:Maryland|MA:Massachusetts|MI:Michigan|MN:Minnesota|MS:Mississippi|' +
      'MO:Missouri|MT:Montana|NE:Nebraska|NV:Nevada|NH:New Hampshire|NJ:New Jersey|NM:New Mexico|NY:New York|' +
      'NC:North Carolina|ND:North Dakota|OH:Ohio|OK:Oklahoma|OR:Oregon|PA:Pennsylvania|RI:Rhode Island|' +
      'SC:South Carolina|SD:South Dakota|TN:Tennessee|TX:Texas|UT:Utah|VT:Vermont|VA:Virginia|WA:Washington|' +
      'WV:West Virginia|WI:Wisconsin|WY:Wyoming|AS:American Samoa|GU:Guam|MP:Northern Mariana Islands|' +
      'PR:Puerto Rico|VI:U.S. Virgin Islands|AA:Armed Forces Americas|AE:Armed Forces Europe|AP:Armed Forces Pacific',
  },
  CA: {
    label: 'province',
    data:
      'AB:Alberta|BC:British Columbia|MB:Manitoba|NB:New Brunswick|NL:Newfoundland and Labrador|' +
      'NT:Northwest Territories|NS:Nova Scotia|NU:Nunavut|ON:Ontario|PE:Prince Edward Island|QC:Quebec|' +
      'SK:Saskatchewan|YT:Yukon',
  },
  IE: {
    label: 'county',
    data:
      'CW:Carlow|CN:Cavan|CE:Clare|CO:Cork|DL:Donegal|D:Dublin|G:Galway|KY:Kerry|KE:Kildare|KK:Kilkenny|' +
      'LS:Laois|LM:Leitrim|LK:Limerick|LD:Longford|LH:Louth|MO:Mayo|MH:Meath|MN:Monaghan|OY:Offaly|' +
      'RN:Roscommon|SO:Sligo|TA:Tipperary|WD:Waterford|WH:Westmeath|WX:Wexford|WW:Wicklow',
  },
  ES: {
    label: 'province',
    data:
      'C:A Coruña|VI:Álava|AB:Albacete|A:Alicante|AL:Almería|O:Asturias|AV:Ávila|BA:Badajoz|PM:Baleares|' +
      'B:Barcelona|BU:Burgos|CC:Cáceres|CA:Cádiz|S:Cantabria|CS:Castellón|CE:Ceuta|CR:Ciudad Real|CO:Córdoba|' +
      'CU:Cuenca|GI:Girona|GR:Granada|GU:Guadalajara|SS:Gipuzkoa|H:Huelva|HU:Huesca|J:Jaén|LO:La Rioja|' +
      'GC:Las Palmas|LE:León|L:Lleida|LU:Lugo|M:Madrid|MA:Málaga|ML:Melilla|MU:Murcia|NA:Navarra|OR:Ourense|' +
      'P:Palencia|PO:Pontevedra|SA:Salamanca|TF:Santa Cruz de Tenerife|SG:Segovia|SE:Sevilla|SO:Soria|' +
      'T:Tarragona|TE:Teruel|TO:Toledo|V:Valencia|VA:Valladolid|BI:Bizkaia|ZA:Zamora|Z:Zaragoza',
  },
  SE: {
    label: 'province',
    data:
      'AB:Stockholms län|AC:Västerbottens län|BD:Norrbottens län|C:Uppsala län|D:Södermanlands län|' +
      'E:Östergötlands län|F:Jönköpings län|G:Kronobergs län|H:Kalmar län|I:Gotlands län|K:Blekinge län|' +
      'M:Skåne län|N:Hallands län|O:Västra Götalands län|S:Värmlands län|T:Örebro län|U:Västmanlands län|' +
      'W:Dalarnas län|X:Gävleborgs län|Y:Västernorrlands län|Z:Jämtlands län',
  },
  NO: {
    label: 'province',
    data:
      '42:Agder|32:Akershus|33:Buskerud|56:Finnmark|34:Innlandet|15:Møre og Romsdal|18:Nordland|03:Oslo|' +
      '11:Rogaland|40:Telemark|55:Troms|50:Trøndelag|39:Vestfold|46:Vestland|31:Østfold',
  },
  FR: {
    label: 'region',
    data:
      'ARA:Auvergne-Rhône-Alpes|BFC:Bourgogne-Franche-Comté|BRE:Bretagne|CVL:Centre-Val de Loire|COR:Corse|' +
      'GES:Grand Est|HDF:Hauts-de-France|IDF:Île-de-France|NOR:Normandie|NAQ:Nouvelle-Aquitaine|OCC:Occitanie|' +
      'PDL:Pays de la Loire|PAC:Provence-Alpes-Côte d’Azur|GP:Guadeloupe|MQ:Martinique|GF:Guyane|RE:La Réunion|' +
      'YT:Mayotte',
  },
  DE: {
    label: 'region',
    data:
      'BW:Baden-Württemberg|BY:Bayern|BE:Berlin|BB:Brandenburg|HB:Bremen|HH:Hamburg|HE:Hessen|' +
      'MV:Mecklenburg-Vorpommern|NI:Niedersachsen|NW:Nordrhein-Westfalen|RP:Rheinland-Pfalz|SL:Saarland|' +
      'SN:Sachsen|ST:Sachsen-Anhalt|SH:Schleswig-Holstein|TH:Thüringen',
  },
  NL: {
    label: 'province',
    data:
      'DR:Drenthe|FL:Flevoland|FR:Friesland|GE:Gelderland|GR:Groningen|LI:Limburg|NB:Noord-Brabant|' +
      'NH:Noord-Holland|OV:Overijssel|UT:Utrecht|ZE:Zeeland|ZH:Zuid-Holland',
  },
  AU: {
    label: 'stateTerritory',
    data:
      'ACT:Australian Capital Territory|NSW:New South Wales|NT:Northern Territory|QLD:Queensland|' +
      'SA:South Australia|TAS:Tasmania|VIC:Victoria|WA:Western Australia',
  },
  NZ: {
    label: 'region',
    data:
      'AUK:Auckland|BOP:Bay of Plenty|CAN:Canterbury|CIT:Chatham Islands|GIS:Gisborne|HKB:Hawke’s Bay|' +
      'MWT:Manawatū-Whanganui|MBH:Marlborough|NSN:Nelson|NTL:Northland|OTA:Otago|STL:Southland|TKI:Taranaki|' +
      'TAS:Tasman|WKO:Waikato|WGN:Wellington|WTC:West Coast',
  },
  GB: {
    label: 'county',
    data: 'ENG:England|NIR:Northern Ireland|SCT:Scotland|WLS:Wales',
  },
};

const parsed = new Map<string, Region[]>();

/** 'UK' is accepted for Great Britain, as shops commonly write it. */
export function normaliseCountryCode(country: string | null | undefined): string {
  const code = (country ?? '').trim().toUpperCase();
  return code === 'UK' ? 'GB' : code;
}

/** Countries for which the address form offers a region list. */
export const REGION_COUNTRIES: readonly string[] = Object.keys(TABLE);

/** The regions of a country in the form's order, or [] when the form takes free text. */
export function regionsFor(country: string | null | undefined): readonly Region[] {
  const code = normaliseCountryCode(country);
  const entry = TABLE[code];
  if (!entry) return [];
  let regions = parsed.get(code);
  if (!regions) {
    regions = entry.data.split('|').map((pair) => {
      const at = pair.indexOf(':');
      return { code: pair.slice(0, at), name: pair.slice(at + 1) };
    });
    parsed.set(code, regions);
  }
  return regions;
}

/** Which label the region field carries in that country (state/territory, province, county, region). */
export function regionLabelKey(country: string | null | undefined): AddressLabelKey {
  return TABLE[normaliseCountryCode(country)]?.label ?? 'region';
}

/** True when the region code or name belongs to the country (case-insensitive); free text elsewhere. */
export function isKnownRegion(country: string | null | undefined, region: string): boolean {
  const regions = regionsFor(country);
  if (regions.length === 0) return region.trim() !== '';
  const wanted = region.trim().toLowerCase();
  return regions.some((r) => r.code.toLowerCase() === wanted || r.name.toLowerCase() === wanted);
}
