import { type FormEvent, useState } from 'react';
import { members as membersApi } from '../../api/admin-api.js';
import type { Invitation, Member } from '../../api/admin-types.js';
import { t } from '../../messages.js';
import { UserRole } from '../../shop-rules.js';
import { useSite } from '../../site-context.js';
import { useAction, useLoad } from '../../ui/async.js';
import { Button, ConfirmButton, ErrorBox, Loading, StatusMessage, TextField } from '../../ui/controls.js';
import { date } from '../../ui/format.js';
import { PageTitle } from '../../ui/page-title.js';
import { emailProblem } from '../sign-in.js';
import { MemberNotifications } from './member-notifications.js';
import { RolePicker } from './role-picker.js';

function MemberRow({ member, onChanged }: { member: Member; onChanged: () => void }) {
  const { site } = useSite();
  const action = useAction();
  const [roles, setRoles] = useState<number[]>(member.roles);
  const [note, setNote] = useState('');
  const changed = roles.join() !== member.roles.join();

  const save = async () => {
    if (roles.length === 0) return;
    const answer = await action.run(() => membersApi.setRoles(site.id, member.accountId, roles));
    if (answer) {
      setNote(t.saved);
      onChanged();
    }
  };
  const remove = async () => {
    if (await action.run(() => membersApi.remove(site.id, member.accountId))) onChanged();
  };

  return (
    <li className="card member">
      <h3>
        {member.name} {member.isYou ? <span className="muted">{t.you}</span> : null}
      </h3>
      <p className="muted">{member.email}</p>
      <ErrorBox error={action.error} />
      <RolePicker
        legend={`${t.roles}: ${member.name}`}
        value={roles}
        onChange={(next) => {
          setNote('');
          setRoles(next);
        }}
        error={roles.length === 0 ? t.rolesMissing : undefined}
        disabled={action.busy}
      />
      <div className="form-actions">
        <Button variant="primary" onClick={save} busy={action.busy} disabled={!changed || roles.length === 0}>
          {t.saveRoles}
        </Button>
        <ConfirmButton label={t.removeMember} onConfirm={remove} busy={action.busy} />
      </div>
      <StatusMessage>{note}</StatusMessage>
    </li>
  );
}

function InvitationRow({ invitation, onChanged }: { invitation: Invitation; onChanged: () => void }) {
  const { site } = useSite();
  const action = useAction();
  const revoke = async () => {
    if (await action.run(() => membersApi.revoke(site.id, invitation.id))) onChanged();
  };
  return (
    <li className="invitation">
      <span>
        <strong>{invitation.email}</strong> – {invitation.roleNames.join(', ')}{' '}
        <span className="muted">({t.validUntil(date(invitation.expiresAt))})</span>
      </span>
      <ErrorBox error={action.error} />
      <Button onClick={revoke} busy={action.busy} aria-label={`${t.revoke}: ${invitation.email}`}>
        {t.revoke}
      </Button>
    </li>
  );
}

export function InviteForm({ onInvited }: { onInvited: (invitation: Invitation) => void }) {
  const { site } = useSite();
  const action = useAction();
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<number[]>([UserRole.EDITOR]);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [acceptUrl, setAcceptUrl] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    const emailMessage = emailProblem(email);
    if (emailMessage) problems.email = emailMessage;
    if (roles.length === 0) problems.roles = t.rolesMissing;
    setFieldErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const answer = await action.run(() => membersApi.invite(site.id, { email: email.trim(), roles }));
    if (answer) {
      setAcceptUrl(answer.acceptUrl);
      setEmail('');
      onInvited(answer.invitation);
    }
  };

  const fields = { ...action.error?.fields, ...fieldErrors };
  return (
    <form className="form card" onSubmit={submit} noValidate aria-labelledby="invite-title">
      <h2 id="invite-title">{t.inviteTitle}</h2>
      <ErrorBox error={action.error} />
      <TextField
        label={t.email}
        type="email"
        name="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={fields.email}
        required
      />
      <RolePicker value={roles} onChange={setRoles} error={fields.roles} />
      <div className="form-actions">
        <Button type="submit" variant="primary" busy={action.busy}>
          {t.invite}
        </Button>
      </div>
      <StatusMessage>{acceptUrl ? t.invitationSent : ''}</StatusMessage>
      {acceptUrl ? (
        <TextField label={t.invitationLink} value={acceptUrl} readOnly onFocus={(e) => e.target.select()} />
      ) : null}
    </form>
  );
}

export function Members() {
  const { site } = useSite();
  const loaded = useLoad(() => membersApi.list(site.id), [site.id]);
  return (
    <div>
      <PageTitle>{t.membersTitle}</PageTitle>
      <ErrorBox error={loaded.error} />
      <MemberNotifications />
      {loaded.data ? (
        <>
          <ul className="members">
            {loaded.data.members.map((member) => (
              <MemberRow key={member.accountId} member={member} onChanged={loaded.reload} />
            ))}
          </ul>
          <section aria-labelledby="pending-title" className="card">
            <h2 id="pending-title">{t.pendingInvitations}</h2>
            {loaded.data.invitations.length === 0 ? (
              <p className="muted">{t.noInvitations}</p>
            ) : (
              <ul className="invitations">
                {loaded.data.invitations.map((invitation) => (
                  <InvitationRow key={invitation.id} invitation={invitation} onChanged={loaded.reload} />
                ))}
              </ul>
            )}
          </section>
          <InviteForm
            onInvited={(invitation) =>
              loaded.data &&
              loaded.set({ ...loaded.data, invitations: [...loaded.data.invitations, invitation] })
            }
          />
        </>
      ) : loaded.loading ? (
        <Loading />
      ) : null}
    </div>
  );
}
