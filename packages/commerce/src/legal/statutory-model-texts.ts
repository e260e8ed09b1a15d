import type { LegalBlock } from './legal-texts.js';

/*
 * STATUTORY MODEL TEXTS — WORD FOR WORD. Do not reword, shorten or switch to "du".
 *
 * - Muster-Widerrufsbelehrung: Anlage 1 zu Art. 246a § 1 Abs. 2 Satz 2 EGBGB (Fassung seit 28.05.2022).
 * - Muster-Widerrufsformular: Anlage 2 zu Art. 246a § 1 Abs. 2 Satz 1 Nr. 1 EGBGB.
 *
 * The seller is protected by the model only when it is used as the law words it (§ 312d Abs. 1 BGB with
 * Art. 246a § 1 Abs. 2 Satz 2 EGBGB), with the gaps filled as its Gestaltungshinweise say. The gaps filled
 * here, by number of the Gestaltungshinweis: [1] start of the period (b: goods; a: digital content and
 * services), [2] the seller's name, address, e-mail and phone, [3] the online withdrawal on our website,
 * [4] refund held back until the goods are back, [5] returning goods (a: send back, b: who pays, d: loss
 * in value), [6] services begun during the period. The only other change is the period itself, when the
 * owner grants more than the statutory fourteen days (a longer period is allowed, a shorter one never).
 */

const NUMBER_WORDS: Record<number, string> = {
  14: 'vierzehn',
  15: 'fünfzehn',
  21: 'einundzwanzig',
  28: 'achtundzwanzig',
  30: 'dreißig',
  60: 'sechzig',
  90: 'neunzig',
  100: 'hundert',
};
const daysText = (days: number) => NUMBER_WORDS[days] ?? String(days);

export interface WithdrawalNoticeInput {
  /** [2]: name, address, e-mail and (if any) phone of the seller, in one line. */
  seller: string;
  periodDays: number;
  /** [3]: where the shopper withdraws online (the "Vertrag widerrufen" function). */
  withdrawalUrl: string;
  sellsGoods: boolean;
  sellsDigitalOrServices: boolean;
  sellsServices: boolean;
  shopPaysReturn: boolean;
  /** [5a]: where goods go back to. */
  returnAddress: string;
}

function oneNotice(input: WithdrawalNoticeInput, goods: boolean): LegalBlock[] {
  const days = daysText(input.periodDays);
  // [1] b) for goods, a) for digital content not on a physical medium and services.
  const start = goods
    ? ', an dem Sie oder ein von Ihnen benannter Dritter, der nicht der Beförderer ist, die Waren in Besitz genommen haben bzw. hat.'
    : ' des Vertragsabschlusses.';
  const blocks: LegalBlock[] = [
    { kind: 'heading', text: 'Widerrufsrecht' },
    {
      kind: 'paragraph',
      text: `Sie haben das Recht, binnen ${days} Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen.`,
    },
    { kind: 'paragraph', text: `Die Widerrufsfrist beträgt ${days} Tage ab dem Tag${start}` },
    {
      kind: 'paragraph',
      text: `Um Ihr Widerrufsrecht auszuüben, müssen Sie uns (${input.seller}) mittels einer eindeutigen Erklärung (z. B. ein mit der Post versandter Brief oder eine E-Mail) über Ihren Entschluss, diesen Vertrag zu widerrufen, informieren. Sie können dafür das beigefügte Muster-Widerrufsformular verwenden, das jedoch nicht vorgeschrieben ist. Sie können das Muster-Widerrufsformular oder eine andere eindeutige Erklärung auch auf unserer Webseite (${input.withdrawalUrl}) elektronisch ausfüllen und übermitteln. Machen Sie von dieser Möglichkeit Gebrauch, so werden wir Ihnen unverzüglich (z. B. per E-Mail) eine Bestätigung über den Eingang eines solchen Widerrufs übermitteln.`,
    },
    {
      kind: 'paragraph',
      text: 'Zur Wahrung der Widerrufsfrist reicht es aus, dass Sie die Mitteilung über die Ausübung des Widerrufsrechts vor Ablauf der Widerrufsfrist absenden.',
    },
    { kind: 'heading', text: 'Folgen des Widerrufs' },
    {
      kind: 'paragraph',
      text: `Wenn Sie diesen Vertrag widerrufen, haben wir Ihnen alle Zahlungen, die wir von Ihnen erhalten haben, einschließlich der Lieferkosten (mit Ausnahme der zusätzlichen Kosten, die sich daraus ergeben, dass Sie eine andere Art der Lieferung als die von uns angebotene, günstigste Standardlieferung gewählt haben), unverzüglich und spätestens binnen vierzehn Tagen ab dem Tag zurückzuzahlen, an dem die Mitteilung über Ihren Widerruf dieses Vertrags bei uns eingegangen ist. Für diese Rückzahlung verwenden wir dasselbe Zahlungsmittel, das Sie bei der ursprünglichen Transaktion eingesetzt haben, es sei denn, mit Ihnen wurde ausdrücklich etwas anderes vereinbart; in keinem Fall werden Ihnen wegen dieser Rückzahlung Entgelte berechnet.${
        goods
          ? ' Wir können die Rückzahlung verweigern, bis wir die Waren wieder zurückerhalten haben oder bis Sie den Nachweis erbracht haben, dass Sie die Waren zurückgesandt haben, je nachdem, welches der frühere Zeitpunkt ist.'
          : ''
      }`,
    },
  ];
  if (goods) {
    blocks.push(
      {
        kind: 'paragraph',
        text: `Sie haben die Waren unverzüglich und in jedem Fall spätestens binnen vierzehn Tagen ab dem Tag, an dem Sie uns über den Widerruf dieses Vertrags unterrichten, an uns (${input.returnAddress}) zurückzusenden oder zu übergeben. Die Frist ist gewahrt, wenn Sie die Waren vor Ablauf der Frist von vierzehn Tagen absenden.`,
      },
      {
        kind: 'paragraph',
        text: input.shopPaysReturn
          ? 'Wir tragen die Kosten der Rücksendung der Waren.'
          : 'Sie tragen die unmittelbaren Kosten der Rücksendung der Waren.',
      },
      {
        kind: 'paragraph',
        text: 'Sie müssen für einen etwaigen Wertverlust der Waren nur aufkommen, wenn dieser Wertverlust auf einen zur Prüfung der Beschaffenheit, Eigenschaften und Funktionsweise der Waren nicht notwendigen Umgang mit ihnen zurückzuführen ist.',
      },
    );
  }
  if (!goods && input.sellsServices) {
    blocks.push({
      kind: 'paragraph',
      text: 'Haben Sie verlangt, dass die Dienstleistungen während der Widerrufsfrist beginnen soll, so haben Sie uns einen angemessenen Betrag zu zahlen, der dem Anteil der bis zu dem Zeitpunkt, zu dem Sie uns von der Ausübung des Widerrufsrechts hinsichtlich dieses Vertrags unterrichten, bereits erbrachten Dienstleistungen im Vergleich zum Gesamtumfang der im Vertrag vorgesehenen Dienstleistungen entspricht.',
    });
  }
  return blocks;
}

/**
 * The model notice, once for contracts about goods and once for digital content and services when the
 * shop sells both (the model's Gestaltungshinweis [1] has one start of the period per kind of contract).
 */
export function mustWithdrawalNotice(input: WithdrawalNoticeInput): LegalBlock[] {
  const both = input.sellsGoods && input.sellsDigitalOrServices;
  const blocks: LegalBlock[] = [];
  if (input.sellsGoods || !input.sellsDigitalOrServices) {
    if (both) blocks.push({ kind: 'heading', text: 'Widerrufsbelehrung für Verträge über Waren' });
    blocks.push(...oneNotice(input, true));
  }
  if (input.sellsDigitalOrServices) {
    if (both)
      blocks.push({
        kind: 'heading',
        text: 'Widerrufsbelehrung für Verträge über digitale Inhalte und Dienstleistungen',
      });
    blocks.push(...oneNotice(input, false));
  }
  return blocks;
}

/** Anlage 2 EGBGB with the seller filled in; nothing else changed. */
export function mustWithdrawalForm(seller: string): LegalBlock[] {
  return [
    { kind: 'heading', text: 'Muster-Widerrufsformular' },
    {
      kind: 'paragraph',
      text: '(Wenn Sie den Vertrag widerrufen wollen, dann füllen Sie bitte dieses Formular aus und senden Sie es zurück.)',
    },
    {
      kind: 'list',
      items: [
        `An ${seller}:`,
        'Hiermit widerrufe(n) ich/wir (*) den von mir/uns (*) abgeschlossenen Vertrag über den Kauf der folgenden Waren (*)/die Erbringung der folgenden Dienstleistung (*)',
        'Bestellt am (*)/erhalten am (*)',
        'Name des/der Verbraucher(s)',
        'Anschrift des/der Verbraucher(s)',
        'Unterschrift des/der Verbraucher(s) (nur bei Mitteilung auf Papier)',
        'Datum',
      ],
    },
    { kind: 'paragraph', text: '(*) Unzutreffendes streichen.' },
  ];
}
