/**
 * The German texts of the admin API, in one place. Routes throw HttpError or AdminInputError with
 * these; no user-facing string is written anywhere else in this folder.
 */
export const adminMessages = {
  // Accounts and sessions
  signInRequired: 'Bitte melde dich an.',
  // Also the answer while a sign-up waits for its mail link: "not confirmed yet" would tell a stranger
  // that someone (maybe they themselves) just registered the address (security review #18).
  wrongCredentials:
    'E-Mail-Adresse oder Passwort ist falsch. Hast du dich gerade registriert? Dann bestätige zuerst deine E-Mail-Adresse über den Link in unserer E-Mail.',
  demoOwnerElsewhere:
    'Das Demo-Konto kann sich nur auf den Adressen des Demo-Ladens anmelden (z. B. http://localhost:3000/config).',
  tooManySignIns: 'Zu viele Anmeldeversuche. Bitte warte einen Moment.',
  tooManySignUps: 'Zu viele neue Konten von dieser Adresse. Bitte versuche es später noch einmal.',
  tooManySites: 'Du hast gerade sehr viele Websites angelegt. Bitte versuche es später noch einmal.',
  // The same answer for a new and a taken address (security review #18); the mail says which it was.
  checkMail:
    'Fast geschafft! Prüfe dein Postfach: Wir haben dir eine E-Mail geschickt. Bestätige darin deine E-Mail-Adresse, dann ist dein Konto angelegt und du bist angemeldet. Hast du schon ein Konto, steht in der E-Mail, wie du dich anmeldest.',
  signUpLinkInvalid:
    'Dieser Bestätigungslink ist ungültig, abgelaufen oder wurde schon benutzt. Melde dich an oder registriere dich noch einmal.',
  wrongCurrentPassword: 'Das aktuelle Passwort ist falsch.',
  samePassword: 'Das neue Passwort muss sich vom bisherigen unterscheiden.',

  // Input
  invalidInput: 'Bitte prüfe deine Eingaben.',
  emailInvalid: 'Bitte gib eine gültige E-Mail-Adresse ein.',
  passwordTooShort: 'Das Passwort muss mindestens 10 Zeichen lang sein.',
  passwordTooLong: 'Das Passwort darf höchstens 200 Zeichen lang sein.',
  passwordMissing: 'Bitte gib dein Passwort ein.',
  nameMissing: 'Bitte gib deinen Namen ein.',
  nameTooLong: 'Der Name darf höchstens 100 Zeichen lang sein.',
  titleMissing: 'Bitte gib der Website einen Titel.',
  titleTooLong: 'Der Titel darf höchstens 200 Zeichen lang sein.',
  subdomainInvalid:
    'Die Subdomain darf nur Kleinbuchstaben, Ziffern und Bindestriche enthalten, höchstens 63 Zeichen lang sein und nicht mit einem Bindestrich beginnen oder enden.',
  subdomainReserved: (subdomain: string) => `Die Subdomain „${subdomain}“ ist reserviert.`,
  subdomainTaken: (hostname: string) =>
    `Die Adresse „${hostname}“ ist bereits vergeben. Bitte wähle eine andere.`,
  currencyUnsupported: 'Diese Währung wird nicht unterstützt.',
  timeZoneUnknown: 'Diese Zeitzone ist unbekannt.',
  localeUnknown: 'Diese Sprache und Region werden nicht unterstützt, z. B. de-DE oder en-US.',
  starterUnknown: 'Bitte wähle als Vorlage „empty“ (leer) oder „demo“ (Demo-Laden).',
  rolesMissing: 'Bitte wähle mindestens eine Rolle.',
  roleUnknown: 'Diese Rolle gibt es nicht.',
  settingUnknown: (key: string) => `Die Einstellung „${key}“ gibt es nicht.`,
  settingInvalid: (key: string) => `Der Wert für „${key}“ ist ungültig.`,
  metaPixelIdInvalid: 'Die Meta-Pixel-ID besteht aus 5 bis 20 Ziffern.',
  googleTagIdInvalid: 'Die Google-Tag-ID sieht aus wie „G-ABC123XYZ“ (oder AW-…, GT-…, DC-…).',
  nothingToChange: 'Es wurde nichts zum Ändern angegeben.',

  // Sites, members, invitations
  siteNotFound: 'Diese Website wurde nicht gefunden.',
  permissionDenied: 'Dafür fehlt dir die Berechtigung.',
  memberNotFound: 'Diese Person gehört nicht zu dieser Website.',
  lastAdmin: 'Eine Website braucht mindestens einen Administrator. Ernenne zuerst jemand anderen.',
  invitationNotFound: 'Diese Einladung gibt es nicht (mehr).',
  invitationUsed: 'Diese Einladung wurde bereits angenommen.',
  invitationExpired: 'Diese Einladung ist abgelaufen. Bitte lass dich erneut einladen.',
  invitationWrongAccount:
    'Diese Einladung gilt für eine andere E-Mail-Adresse. Bitte melde dich mit der eingeladenen Adresse an.',
  alreadyMember: 'Diese Person gehört bereits zu dieser Website.',
} as const;
