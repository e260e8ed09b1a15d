/** German texts of webhooks: the editor's answers and the delivery log's reasons. */
export const webhookMessages = {
  urlInvalid: 'Bitte gib eine vollständige Adresse an, die mit https:// (oder http://) beginnt.',
  urlPrivate:
    'Diese Adresse zeigt in ein privates Netz oder auf diesen Rechner. Webhooks gehen nur an öffentlich erreichbare Adressen.',
  urlUnresolvable: 'Diese Adresse lässt sich nicht auflösen. Bitte prüfe den Rechnernamen.',
  eventsMissing: 'Bitte wähle mindestens ein Ereignis aus.',
  eventUnknown: (event: string) => `„${event}“ ist kein Ereignis, das wir senden.`,
  tooManySubscriptions: 'Eine Website kann höchstens 20 Webhook-Adressen haben.',
  subscriptionNotFound: 'Diesen Webhook gibt es nicht oder er wurde schon gelöscht.',
  deliveryNotFound: 'Diese Zustellung gibt es nicht.',
  answeredWith: (status: number) => `Der Empfänger antwortete mit Status ${status}.`,
  unreachable: 'Der Empfänger war nicht erreichbar.',
  timeout: 'Der Empfänger hat nicht rechtzeitig geantwortet.',
  secretUnreadable:
    'Das Signatur-Geheimnis dieses Webhooks lässt sich nicht öffnen (SECRETS_KEY fehlt oder wurde geändert). Setze den ursprünglichen Schlüssel oder lege den Webhook neu an.',
  noSecretsKey:
    'Webhooks können erst angelegt werden, wenn der Server einen SECRETS_KEY hat: Ihr Signatur-Geheimnis wird damit verschlüsselt gespeichert.',
} as const;
