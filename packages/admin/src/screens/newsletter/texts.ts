/** The German texts of the newsletter screen and the newsletter block's list picker. */
export const N = {
  title: 'Newsletter',
  lists: 'Mailinglisten',
  listsIntro:
    'Ein Newsletter-Block trägt Besucher in eine dieser Listen ein. Gezählt werden Adressen, deren Anmeldung bestätigt ist.',
  noLists: 'Noch keine Mailingliste.',
  newList: 'Neue Liste',
  listName: 'Name der Liste',
  createList: 'Liste anlegen',
  renameList: (name: string) => `Liste „${name}“ umbenennen`,
  deleteList: (name: string) => `Liste „${name}“ löschen`,
  counts: (confirmed: number, pending: number) =>
    `${confirmed} bestätigt${pending ? `, ${pending} noch nicht bestätigt` : ''}`,
  listCreated: (name: string) => `Liste „${name}“ angelegt.`,
  listRenamed: (name: string) => `Liste heißt jetzt „${name}“.`,
  listDeleted: (name: string) => `Liste „${name}“ gelöscht.`,
  campaign: 'Newsletter schreiben',
  campaignIntro: 'Die E-Mail geht an alle bestätigten Adressen der Liste, jede mit einem Link zum Abmelden.',
  list: 'Liste',
  chooseList: 'Bitte wählen …',
  subject: 'Betreff',
  body: 'Text',
  bodyHint: 'Markdown: **fett**, *kursiv*, [Link](https://…), Listen mit „- “.',
  bodyMissing: 'Bitte schreib den Text der E-Mail.',
  send: 'Newsletter senden',
  sent: (subject: string, n: number) =>
    `„${subject}“ wird an ${n === 1 ? '1 Adresse' : `${n} Adressen`} verschickt.`,
  history: 'Verschickt',
  noCampaigns: 'Noch kein Newsletter verschickt.',
  sentTo: (list: string, n: number) => `an „${list}“, ${n === 1 ? '1 Adresse' : `${n} Adressen`}`,
  // The newsletter block's picker
  pickList: 'Mailingliste',
  manageLists: 'Mailinglisten verwalten',
} as const;
