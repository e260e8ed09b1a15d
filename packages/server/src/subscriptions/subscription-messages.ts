/**
 * German texts of the subscription checkout. Quantity, variant and stock texts come from
 * @baukasten/commerce (spec 8); these the spec does not quote and are worded here once.
 */
export const subscriptionMessages = {
  notSubscribable: 'Dieses Produkt kann nicht abonniert werden.',
  optionUnknown: 'Diese Abo-Option gibt es für dieses Produkt nicht.',
  planMissing: 'Für dieses Abonnement ist kein Abrechnungszeitraum hinterlegt.',
  formRequired: 'Bitte fülle zuerst das Formular zu diesem Produkt aus.',
  tokenMissing: 'Der Link zur Abo-Kasse ist unvollständig. Bitte wähle das Abo erneut aus.',
  tokenUnknown: 'Dieser Link zur Abo-Kasse ist ungültig oder abgelaufen. Bitte wähle das Abo erneut aus.',
  notFound: 'Dieses Abonnement wurde nicht gefunden.',
  pageTitle: 'Abonnement abschließen',
  confirmedTitle: 'Abonnement bestätigt',
} as const;
