import { type FormEvent, useState } from 'react';
import { useSite } from '../../site-context.js';
import { isMissingRoute, useAction, useLoad } from '../../ui/async.js';
import {
  Button,
  ConfirmButton,
  ErrorBox,
  Loading,
  NotAvailable,
  StatusMessage,
  TextField,
} from '../../ui/controls.js';
import { PageTitle } from '../../ui/page-title.js';
import { domains, type SiteDomain } from './domains-api.js';

/*
 * /config/sites/:siteId/domains — connect an own domain: add it, create the TXT record shown, "Prüfen";
 * then choose which of www and the bare domain is the address (the other forwards with 301).
 */

const D = {
  title: 'Domains',
  intro:
    'Verbinde deine eigene Domain mit dieser Website. Zum Nachweis, dass sie dir gehört, legst du bei deinem Domain-Anbieter einen TXT-Eintrag an. Danach richtest du A/AAAA-Einträge (oder für www einen CNAME) auf unseren Server; das HTTPS-Zertifikat entsteht von selbst.',
  add: 'Domain hinzufügen',
  domain: 'Domain',
  domainHint: 'z. B. meinladen.de oder www.meinladen.de',
  domainMissing: 'Bitte gib eine Domain ein.',
  none: 'Noch keine eigene Domain verbunden.',
  verified: 'Bestätigt',
  unverified: 'Noch nicht bestätigt',
  primary: 'Hauptadresse',
  recordIntro: 'Lege diesen DNS-Eintrag an und drücke dann „Prüfen“:',
  type: 'Typ',
  name: 'Name',
  value: 'Wert',
  check: 'Prüfen',
  checked: (domain: string) => `${domain} ist bestätigt und mit deiner Website verbunden.`,
  makePrimary: 'Als Hauptadresse verwenden',
  madePrimary: (domain: string) => `${domain} ist jetzt die Hauptadresse; die anderen leiten dorthin weiter.`,
  redirects: 'leitet mit 301 zur Hauptadresse weiter',
  remove: 'Entfernen',
  removeQuestion:
    'Diese Domain von der Website trennen? Besucher erreichen die Website dann nicht mehr darüber.',
  removed: (domain: string) => `${domain} wurde entfernt.`,
};

function DomainCard({
  entry,
  busy,
  onCheck,
  onPrimary,
  onRemove,
}: {
  entry: SiteDomain;
  busy: boolean;
  onCheck: () => void;
  onPrimary: () => void;
  onRemove: () => void;
}) {
  return (
    <li className="card" data-testid="site-domain">
      <h2 className="domain-name">
        {entry.domain}
        <span className={entry.verified ? 'badge' : 'badge badge--warn'}>
          {entry.verified ? D.verified : D.unverified}
        </span>
        {entry.primary ? <span className="badge">{D.primary}</span> : null}
      </h2>
      {entry.verified && !entry.primary ? <p className="muted">{D.redirects}</p> : null}
      {entry.verified ? null : (
        <>
          <p>{D.recordIntro}</p>
          <dl className="dns-record">
            <dt>{D.type}</dt>
            <dd>
              <code>{entry.record.type}</code>
            </dd>
            <dt>{D.name}</dt>
            <dd>
              <code>{entry.record.name}</code>
            </dd>
            <dt>{D.value}</dt>
            <dd>
              <code>{entry.record.value}</code>
            </dd>
          </dl>
        </>
      )}
      <div className="form-actions">
        {entry.verified ? null : (
          <Button variant="primary" onClick={onCheck} busy={busy}>
            {D.check}
          </Button>
        )}
        {entry.verified && !entry.primary ? (
          <Button onClick={onPrimary} busy={busy}>
            {D.makePrimary}
          </Button>
        ) : null}
        <ConfirmButton
          label={`${D.remove}: ${entry.domain}`}
          question={D.removeQuestion}
          confirmLabel={D.remove}
          onConfirm={onRemove}
          busy={busy}
        />
      </div>
    </li>
  );
}

export function DomainsScreen() {
  const { site } = useSite();
  const list = useLoad(() => domains.list(site.id), [site.id]);
  const action = useAction();
  const [input, setInput] = useState('');
  const [problem, setProblem] = useState<string>();
  const [note, setNote] = useState('');
  if (isMissingRoute(list.error)) return <NotAvailable title={D.title} />;
  const entries = list.data?.domains ?? [];

  const after = async (call: () => Promise<{ domains: SiteDomain[] }>, message: string) => {
    setNote('');
    const answer = await action.run(call);
    if (answer) {
      list.set({ domains: answer.domains });
      setNote(message);
    }
    return answer;
  };
  const add = async (e: FormEvent) => {
    e.preventDefault();
    const domain = input.trim();
    setProblem(domain ? undefined : D.domainMissing);
    if (!domain) return;
    if (await after(() => domains.add(site.id, domain), '')) setInput('');
  };

  return (
    <div>
      <PageTitle>{D.title}</PageTitle>
      <p className="muted">{D.intro}</p>
      <ErrorBox error={list.error ?? action.error} />
      <StatusMessage>{note}</StatusMessage>
      {list.loading && !list.data ? <Loading /> : null}
      {list.data && entries.length === 0 ? <p className="empty">{D.none}</p> : null}
      {entries.length > 0 ? (
        <ul className="card-list">
          {entries.map((entry) => (
            <DomainCard
              key={entry.domain}
              entry={entry}
              busy={action.busy}
              onCheck={() => void after(() => domains.verify(site.id, entry.domain), D.checked(entry.domain))}
              onPrimary={() =>
                void after(() => domains.makePrimary(site.id, entry.domain), D.madePrimary(entry.domain))
              }
              onRemove={() =>
                void after(() => domains.remove(site.id, entry.domain), D.removed(entry.domain))
              }
            />
          ))}
        </ul>
      ) : null}
      <form className="form card" onSubmit={add} noValidate aria-labelledby="add-domain-title">
        <h2 id="add-domain-title">{D.add}</h2>
        <TextField
          label={D.domain}
          hint={D.domainHint}
          value={input}
          maxLength={300}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setInput(e.target.value)}
          error={problem ?? action.error?.fields?.domain}
        />
        <div className="form-actions">
          <Button type="submit" variant="primary" busy={action.busy}>
            {D.add}
          </Button>
        </div>
      </form>
    </div>
  );
}
