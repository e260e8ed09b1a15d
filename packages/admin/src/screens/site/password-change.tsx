import { type FormEvent, useState } from 'react';
import { api } from '../../api/api-client.js';
import { t } from '../../messages.js';
import { Link } from '../../routing/router.js';
import { paths } from '../../routing/routes.js';
import { useSession } from '../../session.js';
import { useAction } from '../../ui/async.js';
import { Button, ErrorBox, StatusMessage, TextField } from '../../ui/controls.js';
import { PageTitle } from '../../ui/page-title.js';

/*
 * /config/konto — the signed-in person's account: change the password (the current one is asked again;
 * every other session of the account ends, this one stays).
 */

export const P = {
  title: 'Mein Konto',
  signedInAs: (name: string, email: string) => `Angemeldet als ${name} (${email}).`,
  changeTitle: 'Passwort ändern',
  current: 'Aktuelles Passwort',
  currentMissing: 'Bitte gib dein aktuelles Passwort ein.',
  next: 'Neues Passwort',
  nextHint: 'Mindestens 10 Zeichen.',
  nextTooShort: 'Das neue Passwort muss mindestens 10 Zeichen lang sein.',
  repeat: 'Neues Passwort wiederholen',
  repeatMismatch: 'Die beiden neuen Passwörter stimmen nicht überein.',
  submit: 'Passwort ändern',
  changed: (ended: number) =>
    ended === 0
      ? 'Dein Passwort wurde geändert.'
      : ended === 1
        ? 'Dein Passwort wurde geändert. 1 andere Anmeldung wurde beendet.'
        : `Dein Passwort wurde geändert. ${ended} andere Anmeldungen wurden beendet.`,
} as const;

export const changePassword = (currentPassword: string, newPassword: string) =>
  api.post<{ changed: true; endedSessions: number }>('/account/password', { currentPassword, newPassword });

export function AccountScreen() {
  const { session } = useSession();
  const action = useAction();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problems, setProblems] = useState<Record<string, string | undefined>>({});
  const [note, setNote] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNote('');
    const found = {
      currentPassword: current ? undefined : P.currentMissing,
      newPassword: next.length >= 10 ? undefined : P.nextTooShort,
      repeat: next === repeat ? undefined : P.repeatMismatch,
    };
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    const answer = await action.run(() => changePassword(current, next));
    if (answer) {
      setCurrent('');
      setNext('');
      setRepeat('');
      setNote(P.changed(answer.endedSessions));
    }
  };
  const fields = action.error?.fields ?? {};
  return (
    <div className="narrow">
      <PageTitle>{P.title}</PageTitle>
      {session ? <p className="muted">{P.signedInAs(session.account.name, session.account.email)}</p> : null}
      <form className="form card" onSubmit={submit} noValidate aria-labelledby="password-title">
        <h2 id="password-title">{P.changeTitle}</h2>
        <ErrorBox error={action.error} />
        <StatusMessage>{note}</StatusMessage>
        <TextField
          label={P.current}
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          error={problems.currentPassword ?? fields.currentPassword}
        />
        <TextField
          label={P.next}
          hint={P.nextHint}
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          error={problems.newPassword ?? fields.newPassword}
        />
        <TextField
          label={P.repeat}
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
          error={problems.repeat}
        />
        <div className="form-actions">
          <Button type="submit" variant="primary" busy={action.busy}>
            {P.submit}
          </Button>
        </div>
      </form>
      <p>
        <Link to={paths.home()}>{t.allSites}</Link>
      </p>
    </div>
  );
}
