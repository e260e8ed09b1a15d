import {
  LEGAL_FIELD_LABELS,
  type LegalData,
  needsRegisterEntry,
  needsRepresentative,
  STATUTORY_WITHDRAWAL_DAYS,
  withdrawalPeriodOf,
} from './legal-data.js';
import { mustWithdrawalForm, mustWithdrawalNotice } from './statutory-model-texts.js';

/*
 * The shop's legal pages, rendered from the owner's legal data and what the site really uses (its
 * settings). Pure: the server stores each distinct rendering as a version (storage legal_text_versions)
 * and serves the pages, the theme draws the blocks, the order mail prints them as text.
 *
 * The texts are our own wording, except the statutory model texts of Anlage 1 and 2 EGBGB, which live
 * word for word in statutory-model-texts.ts. They are a careful starting point, not legal advice: the
 * editor says so, and the owner can have them checked.
 */

/** Raised whenever a template's wording changes, so the next rendering becomes a new stored version. */
export const LEGAL_TEMPLATE_VERSION = '2026-06-19.1';

export type LegalPageSlug = 'impressum' | 'datenschutz' | 'agb' | 'widerruf' | 'versand' | 'barrierefreiheit';

/** Fixed German paths of the legal pages and of the withdrawal function (§356a BGB). */
export const LEGAL_PATHS: Record<LegalPageSlug, string> = {
  impressum: '/impressum',
  datenschutz: '/datenschutz',
  agb: '/agb',
  widerruf: '/widerruf',
  versand: '/versand-und-zahlung',
  barrierefreiheit: '/barrierefreiheit',
};
export const WITHDRAWAL_FUNCTION_PATH = '/vertrag-widerrufen';

export const LEGAL_TITLES: Record<LegalPageSlug, string> = {
  impressum: 'Impressum',
  datenschutz: 'Datenschutzerklärung',
  agb: 'AGB',
  widerruf: 'Widerrufsbelehrung',
  versand: 'Versand und Zahlung',
  barrierefreiheit: 'Erklärung zur Barrierefreiheit',
};

/** The footer's links, in reading order; the withdrawal button comes first, it must stand out. */
export function legalLinks(): { title: string; url: string; slug: string }[] {
  return [
    { title: 'Vertrag widerrufen', url: WITHDRAWAL_FUNCTION_PATH, slug: 'vertrag-widerrufen' },
    ...(Object.keys(LEGAL_PATHS) as LegalPageSlug[]).map((slug) => ({
      title: LEGAL_TITLES[slug],
      url: LEGAL_PATHS[slug],
      slug,
    })),
  ];
}

export type LegalBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  /** Lines that belong together, e.g. an address. */
  | { kind: 'lines'; lines: string[] }
  | { kind: 'list'; items: string[] };

export interface LegalDocument {
  slug: LegalPageSlug;
  title: string;
  blocks: LegalBlock[];
}

export type LegalDocuments = Record<LegalPageSlug, LegalDocument>;

/** What the site really does, read from its settings by the server. */
export interface LegalFacts {
  siteTitle: string;
  /** Absolute address of the shop, e.g. https://laden.example (the withdrawal function is named with it). */
  siteUrl: string;
  sellsGoods: boolean;
  sellsDigital: boolean;
  sellsServices: boolean;
  paymentMethods: { id: string; label: string }[];
  shippingOptions: { name: string; costText: string }[];
  /** Country names the shop delivers to; empty: Germany only. */
  shippingCountries: string[];
  privacy: {
    /** The built-in visit statistics (first-party, no third party). */
    analytics: boolean;
    /** Cookies and pixels wait for the visitor's consent in the cookie banner. */
    consentBanner: boolean;
    metaPixel: boolean;
    googleTag: boolean;
    comments: boolean;
    disqus: boolean;
    newsletter: boolean;
    recaptchaEnterprise: boolean;
  };
}

/** What stands in the text where the owner has not filled in a field yet. */
export const placeholder = (field: keyof LegalData) => `[bitte ergänzen: ${LEGAL_FIELD_LABELS[field]}]`;

const has = (value: string | undefined) => typeof value === 'string' && value.trim() !== '';

function sellerParts(data: LegalData) {
  const v = (field: keyof LegalData) =>
    has(data[field] as string) ? String(data[field]).trim() : placeholder(field);
  const name = v('companyName');
  const fullName =
    has(data.legalForm) &&
    !name.includes(String(data.legalForm)) &&
    data.legalForm !== 'Einzelunternehmen' &&
    data.legalForm !== 'Freiberufler/in'
      ? `${name} ${data.legalForm}`.replace(/\s+/g, ' ')
      : name;
  const addressLines = [
    v('street'),
    `${v('postalCode')} ${v('city')}`,
    has(data.country) ? String(data.country) : 'Deutschland',
  ];
  return {
    name: fullName,
    addressLines,
    email: v('email'),
    phone: has(data.phone) ? String(data.phone) : undefined,
  };
}

/** "Name, Straße, PLZ Ort, Land, E-Mail: …" in one line, as the model texts want it inserted. */
export function sellerLine(data: LegalData): string {
  const s = sellerParts(data);
  return [s.name, ...s.addressLines, `E-Mail: ${s.email}`, ...(s.phone ? [`Telefon: ${s.phone}`] : [])].join(
    ', ',
  );
}

function impressum(data: LegalData): LegalDocument {
  const s = sellerParts(data);
  const blocks: LegalBlock[] = [
    { kind: 'heading', text: 'Angaben nach § 5 DDG' },
    { kind: 'lines', lines: [s.name, ...s.addressLines] },
  ];
  if (needsRepresentative(data.legalForm) || has(data.representative)) {
    blocks.push({
      kind: 'paragraph',
      text: `Vertreten durch: ${has(data.representative) ? data.representative : placeholder('representative')}`,
    });
  }
  blocks.push(
    { kind: 'heading', text: 'Kontakt' },
    { kind: 'lines', lines: [`E-Mail: ${s.email}`, ...(s.phone ? [`Telefon: ${s.phone}`] : [])] },
  );
  if (needsRegisterEntry(data.legalForm) || has(data.registerNumber)) {
    blocks.push(
      { kind: 'heading', text: 'Registereintrag' },
      {
        kind: 'lines',
        lines: [
          `Registergericht: ${has(data.registerCourt) ? data.registerCourt : placeholder('registerCourt')}`,
          `Registernummer: ${has(data.registerNumber) ? data.registerNumber : placeholder('registerNumber')}`,
        ],
      },
    );
  }
  if (has(data.vatId)) {
    blocks.push(
      { kind: 'heading', text: 'Umsatzsteuer' },
      { kind: 'paragraph', text: `Umsatzsteuer-Identifikationsnummer nach § 27a UStG: ${data.vatId}` },
    );
  }
  if (has(data.contentResponsible)) {
    blocks.push(
      { kind: 'heading', text: 'Verantwortlich für redaktionelle Inhalte nach § 18 Abs. 2 MStV' },
      { kind: 'paragraph', text: String(data.contentResponsible) },
    );
  }
  blocks.push(
    { kind: 'heading', text: 'Verbraucherstreitbeilegung' },
    {
      kind: 'paragraph',
      text: 'Wir nehmen nicht an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teil und sind dazu auch nicht verpflichtet. Bei Fragen oder Problemen schreib uns gern direkt.',
    },
  );
  return { slug: 'impressum', title: LEGAL_TITLES.impressum, blocks };
}

const PAYMENT_PRIVACY: Record<string, string> = {
  'bank-transfer':
    'Vorkasse (Überweisung): Du überweist den Betrag selbst über deine Bank; wir sehen dabei deinen Namen, deine Bankverbindung und den Verwendungszweck, um die Zahlung deiner Bestellung zuzuordnen.',
  'test-card':
    'Testzahlung: Im Testmodus wird keine echte Zahlung ausgelöst und keine Kartennummer an Dritte übermittelt.',
  stripe:
    'Stripe: Kartenzahlungen wickelt die Stripe Payments Europe Ltd. (Irland) ab; sie erhält dafür deinen Namen, deine E-Mail-Adresse, den Betrag und die Zahlungsdaten, die du bei Stripe eingibst.',
  paypal:
    'PayPal: Zahlungen über PayPal wickelt die PayPal (Europe) S.à r.l. et Cie, S.C.A. (Luxemburg) ab; sie erhält dafür Betrag, Bestellnummer und die Angaben, die du bei PayPal machst.',
  'gift-card':
    'Gutscheine: Wir speichern, welcher Gutschein mit welchem Betrag für deine Bestellung eingelöst wurde.',
};

function privacy(data: LegalData, facts: LegalFacts): LegalDocument {
  const s = sellerParts(data);
  const p = facts.privacy;
  const blocks: LegalBlock[] = [
    {
      kind: 'paragraph',
      text: 'Hier erfährst du, welche personenbezogenen Daten wir verarbeiten, wenn du diese Website besuchst oder bei uns bestellst, wozu und auf welcher Rechtsgrundlage (Art. 13 DSGVO).',
    },
    { kind: 'heading', text: 'Verantwortlicher' },
    {
      kind: 'lines',
      lines: [s.name, ...s.addressLines, `E-Mail: ${s.email}`, ...(s.phone ? [`Telefon: ${s.phone}`] : [])],
    },
    { kind: 'heading', text: 'Aufruf der Website' },
    {
      kind: 'paragraph',
      text: 'Beim Aufruf einer Seite verarbeitet unser Server technisch notwendige Daten: IP-Adresse, Zeitpunkt, aufgerufene Adresse und Browserkennung. Sie dienen der Auslieferung der Seiten und der Abwehr von Missbrauch (Art. 6 Abs. 1 lit. f DSGVO; unser berechtigtes Interesse ist ein sicherer Betrieb). Protokolle werden nach spätestens 14 Tagen gelöscht.',
    },
    {
      kind: 'paragraph',
      text: 'Technisch notwendige Cookies (Warenkorb, Sicherheitsschlüssel gegen gefälschte Formulare, Anmeldung im Kundenkonto) setzen wir ohne Einwilligung, weil die Website ohne sie nicht funktioniert (§ 25 Abs. 2 Nr. 2 TDDDG).',
    },
    { kind: 'heading', text: 'Bestellungen und Kundenkonto' },
    {
      kind: 'paragraph',
      text: 'Für eine Bestellung brauchen wir deine E-Mail-Adresse, bei Waren zum Versand deinen Namen und deine Lieferadresse, sowie die gewählte Zahlungsart. Wir verarbeiten diese Daten, um den Vertrag zu erfüllen (Art. 6 Abs. 1 lit. b DSGVO), und bewahren Bestell- und Rechnungsdaten so lange auf, wie Handels- und Steuerrecht es verlangen (bis zu zehn Jahre, Art. 6 Abs. 1 lit. c DSGVO). Ein Kundenkonto ist freiwillig; du kannst es jederzeit löschen lassen.',
    },
  ];
  const payments = facts.paymentMethods.map(
    (m) =>
      PAYMENT_PRIVACY[m.id] ??
      `${m.label}: Für die Zahlung geben wir Betrag und Bestellnummer an den Zahlungsdienst weiter.`,
  );
  if (payments.length > 0) {
    blocks.push(
      { kind: 'heading', text: 'Zahlungsdienste' },
      { kind: 'list', items: payments },
      {
        kind: 'paragraph',
        text: 'Rechtsgrundlage ist die Erfüllung des Vertrags (Art. 6 Abs. 1 lit. b DSGVO).',
      },
    );
  }
  if (p.analytics) {
    blocks.push(
      { kind: 'heading', text: 'Besuchsstatistik' },
      {
        kind: 'paragraph',
        text: p.consentBanner
          ? 'Mit deiner Einwilligung im Cookie-Hinweis zählen wir Besuche mit einer eigenen Statistik ohne Drittanbieter: besuchte Seiten, Verweildauer, Ladezeiten und Fehler, mit einer zufälligen Besuchskennung in einem Cookie. Rechtsgrundlage ist deine Einwilligung (Art. 6 Abs. 1 lit. a DSGVO, § 25 Abs. 1 TDDDG), die du jederzeit über den Cookie-Hinweis widerrufen kannst.'
          : 'Wir zählen Besuche mit einer eigenen Statistik ohne Drittanbieter: besuchte Seiten, Verweildauer, Ladezeiten und Fehler, mit einer zufälligen Besuchskennung in einem Cookie. Die Daten bleiben auf unserem Server. Wir stützen das auf unser berechtigtes Interesse, die Website zu verbessern (Art. 6 Abs. 1 lit. f DSGVO); du kannst dem jederzeit widersprechen, indem du Cookies in deinem Browser blockierst.',
      },
    );
  }
  if (p.metaPixel || p.googleTag) {
    const tools = [
      ...(p.metaPixel
        ? [
            'Meta-Pixel der Meta Platforms Ireland Ltd. (Irland); Daten können an die Meta Platforms, Inc. in den USA gelangen',
          ]
        : []),
      ...(p.googleTag
        ? ['Google-Tag der Google Ireland Ltd. (Irland); Daten können an die Google LLC in den USA gelangen']
        : []),
    ];
    blocks.push(
      { kind: 'heading', text: 'Werbe- und Messpixel' },
      { kind: 'list', items: tools },
      {
        kind: 'paragraph',
        text: 'Diese Pixel laden erst, wenn du im Cookie-Hinweis zustimmst. Sie messen, ob Anzeigen zu Besuchen und Käufen geführt haben (Seitenaufrufe, Warenkorb, Kauf mit Bestellwert). Rechtsgrundlage ist deine Einwilligung (Art. 6 Abs. 1 lit. a DSGVO, § 25 Abs. 1 TDDDG); für Übermittlungen in die USA stützen sich die Anbieter auf den Angemessenheitsbeschluss zum EU-US Data Privacy Framework. Du kannst die Einwilligung jederzeit widerrufen.',
      },
    );
  }
  if (p.comments || p.disqus) {
    blocks.push({ kind: 'heading', text: 'Kommentare' });
    if (p.comments)
      blocks.push({
        kind: 'paragraph',
        text: 'Wenn du einen Kommentar schreibst, speichern wir deinen Namen, deinen Text und, falls angegeben, deine E-Mail-Adresse (nur für uns sichtbar), um den Kommentar zu zeigen und Missbrauch zu verhindern (Art. 6 Abs. 1 lit. a und f DSGVO).',
      });
    if (p.disqus)
      blocks.push({
        kind: 'paragraph',
        text: 'Kommentare unter Beiträgen laufen über Disqus der Disqus, Inc. (USA). Beim Laden des Kommentarbereichs erhält Disqus deine IP-Adresse und Angaben zu deinem Browser. Rechtsgrundlage ist deine Einwilligung (Art. 6 Abs. 1 lit. a DSGVO).',
      });
  }
  if (p.newsletter) {
    blocks.push(
      { kind: 'heading', text: 'Newsletter' },
      {
        kind: 'paragraph',
        text: 'Für den Newsletter speichern wir deine E-Mail-Adresse erst, nachdem du die Anmeldung über den Link in unserer Bestätigungs-E-Mail bestätigt hast, dazu Zeitpunkt der Anmeldung und Bestätigung als Nachweis. Rechtsgrundlage ist deine Einwilligung (Art. 6 Abs. 1 lit. a DSGVO); du kannst dich jederzeit über den Link in jeder Ausgabe abmelden.',
      },
    );
  }
  blocks.push(
    { kind: 'heading', text: 'Kontaktformulare und E-Mails' },
    {
      kind: 'paragraph',
      text: 'Was du uns über ein Formular oder per E-Mail schickst, verwenden wir nur, um dein Anliegen zu bearbeiten (Art. 6 Abs. 1 lit. b oder f DSGVO). Formulare schützen wir mit einer Prüfung gegen automatisierte Eingaben, die in deinem Browser rechnet und keine Daten an Dritte sendet.',
    },
  );
  if (p.recaptchaEnterprise) {
    blocks.push({
      kind: 'paragraph',
      text: 'Zusätzlich prüfen wir Formulare mit reCAPTCHA Enterprise der Google Ireland Ltd.; dabei erhält Google deine IP-Adresse und Angaben zu deinem Browser (Art. 6 Abs. 1 lit. f DSGVO, Schutz vor Missbrauch).',
    });
  }
  blocks.push(
    { kind: 'heading', text: 'Deine Rechte' },
    {
      kind: 'list',
      items: [
        'Auskunft über deine bei uns gespeicherten Daten (Art. 15 DSGVO)',
        'Berichtigung unrichtiger Daten (Art. 16 DSGVO)',
        'Löschung (Art. 17 DSGVO) und Einschränkung der Verarbeitung (Art. 18 DSGVO)',
        'Datenübertragbarkeit (Art. 20 DSGVO)',
        'Widerspruch gegen Verarbeitungen auf Grund berechtigter Interessen (Art. 21 DSGVO)',
        'Widerruf einer Einwilligung mit Wirkung für die Zukunft (Art. 7 Abs. 3 DSGVO)',
        'Beschwerde bei einer Datenschutz-Aufsichtsbehörde (Art. 77 DSGVO)',
      ],
    },
    { kind: 'paragraph', text: `Schreib uns dafür an ${s.email}.` },
    {
      kind: 'paragraph',
      text: 'Die Angabe von Daten ist freiwillig. Ohne E-Mail-Adresse und – bei Waren – Lieferadresse können wir eine Bestellung aber nicht annehmen. Wir treffen keine automatisierten Entscheidungen im Sinne von Art. 22 DSGVO.',
    },
  );
  return { slug: 'datenschutz', title: LEGAL_TITLES.datenschutz, blocks };
}

function terms(data: LegalData, facts: LegalFacts): LegalDocument {
  const s = sellerParts(data);
  const methods = facts.paymentMethods.map((m) => m.label);
  const blocks: LegalBlock[] = [
    { kind: 'heading', text: '1. Geltungsbereich und Vertragspartner' },
    {
      kind: 'paragraph',
      text: `Diese Allgemeinen Geschäftsbedingungen gelten für alle Bestellungen über den Online-Shop ${facts.siteTitle}. Dein Vertragspartner ist ${s.name}, ${s.addressLines.join(', ')}.`,
    },
    { kind: 'heading', text: '2. Vertragsschluss' },
    {
      kind: 'paragraph',
      text: 'Die Darstellung der Produkte im Shop ist noch kein bindendes Angebot. Mit einem Klick auf „Zahlungspflichtig bestellen“ gibst du ein verbindliches Angebot ab. Vorher kannst du deine Angaben auf der Kassenseite prüfen und korrigieren. Der Vertrag kommt zustande, wenn wir deine Bestellung mit der Bestellbestätigung per E-Mail annehmen.',
    },
    { kind: 'heading', text: '3. Preise und Versandkosten' },
    {
      kind: 'paragraph',
      text: `Alle Preise sind Endpreise und enthalten die gesetzliche Umsatzsteuer. Dazu kommen bei Waren die Versandkosten, die vor der Bestellung angezeigt werden; eine Übersicht steht auf der Seite „Versand und Zahlung“.`,
    },
    { kind: 'heading', text: '4. Zahlung' },
    {
      kind: 'paragraph',
      text:
        methods.length > 0
          ? `Du kannst so bezahlen: ${methods.join(', ')}. Bei Vorkasse versenden wir, sobald der Betrag bei uns eingegangen ist.`
          : 'Die angebotenen Zahlungsarten siehst du auf der Kassenseite.',
    },
  ];
  if (facts.sellsGoods) {
    blocks.push(
      { kind: 'heading', text: '5. Lieferung und Eigentumsvorbehalt' },
      {
        kind: 'paragraph',
        text: `Wir liefern an die Adresse, die du bei der Bestellung angibst${has(data.deliveryTime) ? `; die Lieferzeit beträgt ${data.deliveryTime}` : ''}. Die Ware bleibt bis zur vollständigen Bezahlung unser Eigentum.`,
      },
    );
  }
  if (facts.sellsDigital) {
    blocks.push(
      { kind: 'heading', text: `${facts.sellsGoods ? '6' : '5'}. Digitale Inhalte` },
      {
        kind: 'paragraph',
        text: 'Digitale Inhalte stellen wir dir nach Eingang der Zahlung über einen persönlichen Download-Link bereit. Du darfst sie für dich privat nutzen; eine Weitergabe an Dritte ist nicht erlaubt.',
      },
    );
  }
  blocks.push(
    { kind: 'heading', text: 'Widerrufsrecht' },
    {
      kind: 'paragraph',
      text: `Als Verbraucher hast du ein Widerrufsrecht. Die Einzelheiten stehen in unserer Widerrufsbelehrung; widerrufen kannst du auch direkt über die Schaltfläche „Vertrag widerrufen“ unten auf jeder Seite (${facts.siteUrl}${WITHDRAWAL_FUNCTION_PATH}).`,
    },
    { kind: 'heading', text: 'Gewährleistung' },
    {
      kind: 'paragraph',
      text: 'Es gelten die gesetzlichen Rechte bei Mängeln. Garantien geben wir nur, wenn wir sie bei einem Produkt ausdrücklich nennen.',
    },
    { kind: 'heading', text: 'Vertragstext und Sprache' },
    {
      kind: 'paragraph',
      text: 'Wir speichern den Vertragstext. Du erhältst die Bestelldaten, diese AGB und die Widerrufsbelehrung mit der Bestellbestätigung per E-Mail. Vertragssprache ist Deutsch.',
    },
    { kind: 'heading', text: 'Streitbeilegung' },
    {
      kind: 'paragraph',
      text: 'Wir nehmen nicht an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teil und sind dazu auch nicht verpflichtet.',
    },
  );
  return { slug: 'agb', title: LEGAL_TITLES.agb, blocks };
}

function withdrawal(data: LegalData, facts: LegalFacts): LegalDocument {
  const days = withdrawalPeriodOf(data);
  const blocks: LegalBlock[] = [
    ...mustWithdrawalNotice({
      seller: sellerLine(data),
      periodDays: days,
      withdrawalUrl: `${facts.siteUrl}${WITHDRAWAL_FUNCTION_PATH}`,
      sellsGoods: facts.sellsGoods,
      sellsDigitalOrServices: facts.sellsDigital || facts.sellsServices,
      sellsServices: facts.sellsServices,
      shopPaysReturn: data.returnCosts === 'shop',
      returnAddress: sellerParts(data).name + ', ' + sellerParts(data).addressLines.join(', '),
    }),
    { kind: 'heading', text: 'Ausschluss und vorzeitiges Erlöschen des Widerrufsrechts' },
    {
      kind: 'paragraph',
      text: 'Kein Widerrufsrecht besteht bei Waren, die nach deinen Vorgaben angefertigt oder eindeutig auf deine persönlichen Bedürfnisse zugeschnitten sind (§ 312g Abs. 2 Nr. 1 BGB). Solche Produkte kennzeichnen wir im Shop.',
    },
  ];
  if (facts.sellsDigital) {
    blocks.push({
      kind: 'paragraph',
      text: 'Bei digitalen Inhalten, die nicht auf einem körperlichen Datenträger geliefert werden, erlischt das Widerrufsrecht, wenn wir mit der Bereitstellung begonnen haben, nachdem du vor der Bestellung ausdrücklich zugestimmt hast, dass wir vor Ablauf der Widerrufsfrist beginnen, und bestätigt hast, dass du dadurch dein Widerrufsrecht verlierst (§ 356 Abs. 5 BGB). Ohne diese Zustimmung bleibt dein Widerrufsrecht bestehen.',
    });
  }
  if (days > STATUTORY_WITHDRAWAL_DAYS) {
    blocks.push({
      kind: 'paragraph',
      text: `Wir räumen dir freiwillig eine Widerrufsfrist von ${days} Tagen statt der gesetzlichen ${STATUTORY_WITHDRAWAL_DAYS} Tage ein.`,
    });
  }
  blocks.push(...mustWithdrawalForm(sellerLine(data)));
  return { slug: 'widerruf', title: LEGAL_TITLES.widerruf, blocks };
}

function shippingAndPayment(data: LegalData, facts: LegalFacts): LegalDocument {
  const blocks: LegalBlock[] = [];
  if (facts.sellsGoods) {
    blocks.push(
      { kind: 'heading', text: 'Versand' },
      {
        kind: 'paragraph',
        text:
          facts.shippingCountries.length > 0
            ? `Wir liefern in folgende Länder: ${facts.shippingCountries.join(', ')}.`
            : 'Wir liefern innerhalb Deutschlands.',
      },
    );
    if (facts.shippingOptions.length > 0)
      blocks.push({ kind: 'list', items: facts.shippingOptions.map((o) => `${o.name}: ${o.costText}`) });
    blocks.push({
      kind: 'paragraph',
      text: has(data.deliveryTime)
        ? `Lieferzeit: ${data.deliveryTime} nach Zahlungseingang (bei Vorkasse) bzw. nach Vertragsschluss.`
        : `Lieferzeit: ${placeholder('deliveryTime')}`,
    });
  }
  if (facts.sellsDigital) {
    blocks.push(
      { kind: 'heading', text: 'Digitale Inhalte' },
      {
        kind: 'paragraph',
        text: 'Digitale Inhalte erhältst du ohne Versandkosten als Download, sobald deine Zahlung eingegangen ist.',
      },
    );
  }
  blocks.push(
    { kind: 'heading', text: 'Zahlungsarten' },
    facts.paymentMethods.length > 0
      ? { kind: 'list', items: facts.paymentMethods.map((m) => m.label) }
      : { kind: 'paragraph', text: 'Derzeit ist keine Zahlungsart eingerichtet.' },
    { kind: 'paragraph', text: 'Alle Preise enthalten die gesetzliche Umsatzsteuer.' },
  );
  return { slug: 'versand', title: LEGAL_TITLES.versand, blocks };
}

function accessibility(data: LegalData, facts: LegalFacts): LegalDocument {
  const s = sellerParts(data);
  return {
    slug: 'barrierefreiheit',
    title: LEGAL_TITLES.barrierefreiheit,
    blocks: [
      {
        kind: 'paragraph',
        text: `Diese Erklärung beschreibt, wie der Online-Shop ${facts.siteTitle} die Anforderungen des Barrierefreiheitsstärkungsgesetzes (BFSG) an Dienstleistungen im elektronischen Geschäftsverkehr erfüllt.`,
      },
      { kind: 'heading', text: 'Die Dienstleistung' },
      {
        kind: 'paragraph',
        text: 'Im Shop kannst du Produkte ansehen, in den Warenkorb legen, bestellen und bezahlen, den Status deiner Bestellung abfragen, ein Kundenkonto führen und einen Vertrag widerrufen.',
      },
      { kind: 'heading', text: 'So erfüllen wir die Anforderungen' },
      {
        kind: 'list',
        items: [
          'Alle Seiten lassen sich vollständig mit der Tastatur bedienen; ein Link „Zum Inhalt springen“ steht am Anfang jeder Seite.',
          'Überschriften, Navigation, Formularfelder und Meldungen sind so ausgezeichnet, dass Screenreader sie vorlesen.',
          'Fehler in Formularen werden als Text benannt, nicht nur farblich.',
          'Die Seiten passen sich jeder Bildschirmbreite ab 320 Pixel an und lassen sich auf 200 % vergrößern.',
          'Bestellen, Bestellstatus und Widerruf funktionieren auch ohne JavaScript.',
          'Bilder von Produkten haben Alternativtexte, soweit wir sie hinterlegt haben.',
        ],
      },
      { kind: 'heading', text: 'Bekannte Einschränkungen' },
      {
        kind: 'paragraph',
        text: 'Inhalte, die wir selbst einstellen (etwa Bilder ohne Beschreibung oder eingebettete Videos fremder Anbieter), können Barrieren enthalten. Wir arbeiten daran, sie zu beheben.',
      },
      { kind: 'heading', text: 'Barrieren melden' },
      {
        kind: 'paragraph',
        text: `Wenn dir eine Barriere auffällt, schreib uns an ${s.email}${s.phone ? ` oder ruf an unter ${s.phone}` : ''}.`,
      },
      { kind: 'heading', text: 'Marktüberwachung' },
      {
        kind: 'paragraph',
        text: 'Zuständig für die Durchsetzung des BFSG ist die Marktüberwachungsstelle der Länder für die Barrierefreiheit von Produkten und Dienstleistungen (MLBF) in Magdeburg.',
      },
    ],
  };
}

/** Every legal page of a website, from its legal data and its facts. */
export function renderLegalTexts(data: LegalData, facts: LegalFacts): LegalDocuments {
  return {
    impressum: impressum(data),
    datenschutz: privacy(data, facts),
    agb: terms(data, facts),
    widerruf: withdrawal(data, facts),
    versand: shippingAndPayment(data, facts),
    barrierefreiheit: accessibility(data, facts),
  };
}

/** A document as plain text (for mails): headings in capitals, lists with dashes. */
export function legalDocumentText(document: LegalDocument): string {
  const parts = [document.title.toUpperCase()];
  for (const block of document.blocks) {
    if (block.kind === 'heading') parts.push(`\n${block.text}`);
    else if (block.kind === 'paragraph') parts.push(block.text);
    else if (block.kind === 'lines') parts.push(block.lines.join('\n'));
    else parts.push(block.items.map((item) => `– ${item}`).join('\n'));
  }
  return parts.join('\n');
}
