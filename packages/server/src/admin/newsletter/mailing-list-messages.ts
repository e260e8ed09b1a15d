/**
 * The German texts of the mailing lists and campaigns in the editor. Routes and schemas use these; no
 * user-facing string is written anywhere else in this folder.
 */
export const mailingListMessages = {
  // Spec 5, editor messages: a newsletter block and a campaign name their list (R5.12.11), a campaign
  // needs a subject line (R5.12.12).
  listRequired: 'Bitte wähle eine Liste aus.',
  subjectRequired: 'Bitte gib eine Betreffzeile ein.',
  // Spec 8, editor message (R8.7.15): the block cannot subscribe anyone before the site has a list.
  mailingListRequired:
    'Eine Mailingliste ist erforderlich. Es gibt noch keine – lege zuerst eine Mailingliste an.',

  listUnknown: 'Diese Mailingliste gibt es auf dieser Website nicht.',
  listNameMissing: 'Bitte gib der Liste einen Namen.',
  listNameTooLong: 'Der Name der Liste darf höchstens 100 Zeichen lang sein.',
  listNameTaken: (name: string) => `Eine Liste „${name}“ gibt es schon.`,
  subjectTooLong: 'Die Betreffzeile darf höchstens 200 Zeichen lang sein.',
  bodyMissing: 'Bitte schreib den Text der E-Mail.',
  bodyTooLong: 'Der Text darf höchstens 50.000 Zeichen lang sein.',
  noConfirmedSubscribers:
    'Auf dieser Liste hat noch niemand die Anmeldung bestätigt. Die E-Mail geht nur an bestätigte Adressen.',
} as const;
