/** German texts of the redirect list and the 404 page setting (editor "Weiterleitungen"). */
export const redirectMessages = {
  fromNotPath: 'Die alte Adresse muss ein Pfad dieser Website sein und mit / beginnen, z. B. /alte-seite.',
  targetInvalid:
    'Das Ziel muss ein Pfad dieser Website (beginnt mit /) oder eine vollständige Adresse mit http:// oder https:// sein.',
  targetCredentials: 'Das Ziel darf keinen Benutzernamen und kein Passwort enthalten.',
  tooLong: 'Die Adresse ist zu lang (höchstens 500 Zeichen).',
  pathCharacters: 'Die Adresse enthält Zeichen, die in einem Pfad nicht erlaubt sind (z. B. Leerzeichen).',
  starOnlyAtEnd: 'Ein * ist nur ganz am Ende erlaubt, direkt nach einem /, z. B. /alt/*.',
  starWithoutPattern: 'Ein * im Ziel braucht ein * am Ende der alten Adresse, z. B. /alt/* → /neu/*.',
  loop: 'Diese Weiterleitung würde Besucher im Kreis schicken. Bitte wähle ein anderes Ziel.',
  statusInvalid: 'Bitte wähle 301 (dauerhaft) oder 302 (vorübergehend).',
  notFound: 'Diese Weiterleitung gibt es nicht oder sie wurde schon gelöscht.',
  tooMany: 'Eine Website kann höchstens 2000 Weiterleitungen haben.',
  notFoundTitleTooLong: 'Die Überschrift der 404-Seite darf höchstens 120 Zeichen lang sein.',
  notFoundTextTooLong: 'Der Text der 404-Seite darf höchstens 2000 Zeichen lang sein.',
} as const;
