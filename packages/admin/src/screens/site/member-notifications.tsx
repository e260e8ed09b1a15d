import { useState } from 'react';
import { api } from '../../api/api-client.js';
import { useSite } from '../../site-context.js';
import { useAction, useLoad } from '../../ui/async.js';
import { Checkbox, ErrorBox, StatusMessage } from '../../ui/controls.js';

/*
 * The signed-in member's own shop mails on this website (issue 23): "Neue Bestellungen per E-Mail" (on by
 * default for the owner) and the "Tägliche Zusammenfassung" of yesterday's orders, revenue and low
 * stock. Each change is saved at once; everybody who may see the orders chooses for themselves.
 */

export const N = {
  title: 'Benachrichtigungen',
  intro: 'Welche E-Mails du zu dieser Website bekommst. Das gilt nur für dich.',
  newOrders: 'Neue Bestellungen per E-Mail',
  newOrdersHint: 'Eine E-Mail zu jeder neuen Bestellung, mit Artikeln, Summe und Lieferadresse.',
  dailySummary: 'Tägliche Zusammenfassung',
  dailySummaryHint: 'Einmal am Tag: Bestellungen, Umsatz und niedriger Lagerbestand des Vortags.',
  saved: 'Gespeichert.',
} as const;

interface Settings {
  newOrders: boolean;
  dailySummary: boolean;
}

export function MemberNotifications() {
  const { site, can } = useSite();
  const path = `/sites/${encodeURIComponent(site.id)}/notifications`;
  const loaded = useLoad(
    () => (can('commerce.view') ? api.get<{ notifications: Settings }>(path) : Promise.resolve(undefined)),
    [path],
  );
  const action = useAction();
  const [note, setNote] = useState('');
  if (!can('commerce.view') || !loaded.data) return null;
  const settings = loaded.data.notifications;

  const change = async (next: Partial<Settings>) => {
    setNote('');
    const answer = await action.run(() => api.patch<{ notifications: Settings }>(path, next));
    if (answer) {
      loaded.set(answer);
      setNote(N.saved);
    }
  };

  return (
    <section className="card" aria-labelledby="member-notifications-title">
      <h2 id="member-notifications-title">{N.title}</h2>
      <p className="muted">{N.intro}</p>
      <ErrorBox error={action.error} />
      <Checkbox
        label={N.newOrders}
        hint={N.newOrdersHint}
        checked={settings.newOrders}
        disabled={action.busy}
        onChange={(e) => void change({ newOrders: e.target.checked })}
      />
      <Checkbox
        label={N.dailySummary}
        hint={N.dailySummaryHint}
        checked={settings.dailySummary}
        disabled={action.busy}
        onChange={(e) => void change({ dailySummary: e.target.checked })}
      />
      <StatusMessage>{note}</StatusMessage>
    </section>
  );
}
