import { type FormEvent, useState } from 'react';
import { t } from '../../messages.js';
import { useSite } from '../../site-context.js';
import { isMissingRoute, useAction, useLoad } from '../../ui/async.js';
import {
  Button,
  ConfirmButton,
  ErrorBox,
  Loading,
  NotAvailable,
  SelectField,
  StatusMessage,
  TextArea,
  TextField,
} from '../../ui/controls.js';
import { PageTitle } from '../../ui/page-title.js';
import { campaigns, type MailingList, mailingLists } from './newsletter-api.js';
import { N } from './texts.js';

/*
 * /config/sites/:siteId/newsletter — the site's mailing lists (make, rename, delete) and a campaign: a
 * mail with subject and Markdown text to the confirmed addresses of one list, with what was sent before.
 * Problems are shown at their field and said once in an alert, so screen readers hear them.
 */

function ListRow({
  list,
  busy,
  onRename,
  onDelete,
}: {
  list: MailingList;
  busy: boolean;
  onRename: (name: string) => Promise<boolean>;
  onDelete: () => void;
}) {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(list.name);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === list.name || (await onRename(name.trim()))) setRenaming(false);
  };
  return (
    <li className="page-row">
      {renaming ? (
        <form className="inline-form" onSubmit={submit}>
          <TextField label={N.renameList(list.name)} value={name} onChange={(e) => setName(e.target.value)} />
          <Button type="submit" variant="primary" busy={busy}>
            {t.save}
          </Button>
          <Button variant="quiet" onClick={() => setRenaming(false)}>
            {t.cancel}
          </Button>
        </form>
      ) : (
        <>
          <div className="page-row__main">
            <strong>{list.name}</strong>{' '}
            <span className="muted">{N.counts(list.counts.confirmed, list.counts.pending)}</span>
          </div>
          <div className="page-row__actions">
            <Button variant="quiet" onClick={() => setRenaming(true)} aria-label={N.renameList(list.name)}>
              {t.rename}
            </Button>
            <ConfirmButton label={t.delete} onConfirm={onDelete} busy={busy} />
          </div>
        </>
      )}
    </li>
  );
}

function CampaignForm({ lists, onSent }: { lists: MailingList[]; onSent: () => void }) {
  const { site } = useSite();
  const action = useAction();
  const [listId, setListId] = useState('');
  const [subject, setSubject] = useState('');
  const [markdown, setMarkdown] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [note, setNote] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!listId) found.listId = t.listRequired;
    if (!subject.trim()) found.subject = t.subjectRequired;
    if (!markdown.trim()) found.markdown = N.bodyMissing;
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const answer = await action.run(() =>
      campaigns.send(site.id, { listId, subject: subject.trim(), markdown }),
    );
    if (answer) {
      setNote(N.sent(answer.campaign.subject, answer.campaign.recipients));
      setSubject('');
      setMarkdown('');
      onSent();
    }
  };

  const fields = { ...(action.error?.fields ?? {}), ...problems };
  const firstProblem = Object.values(problems)[0];
  return (
    <form className="form card" onSubmit={submit} noValidate aria-labelledby="campaign-title">
      <h2 id="campaign-title">{N.campaign}</h2>
      <p className="muted">{N.campaignIntro}</p>
      <ErrorBox error={firstProblem ?? action.error} />
      <StatusMessage>{note}</StatusMessage>
      <SelectField
        label={N.list}
        value={listId}
        error={fields.listId}
        onChange={(e) => setListId(e.target.value)}
      >
        <option value="">{N.chooseList}</option>
        {lists.map((list) => (
          <option key={list.id} value={list.id}>
            {list.name} ({N.counts(list.counts.confirmed, list.counts.pending)})
          </option>
        ))}
      </SelectField>
      <TextField
        label={N.subject}
        value={subject}
        maxLength={200}
        error={fields.subject}
        onChange={(e) => setSubject(e.target.value)}
      />
      <TextArea
        label={N.body}
        hint={N.bodyHint}
        rows={10}
        value={markdown}
        error={fields.markdown}
        onChange={(e) => setMarkdown(e.target.value)}
      />
      <div className="form-actions">
        <Button type="submit" variant="primary" busy={action.busy}>
          {N.send}
        </Button>
      </div>
    </form>
  );
}

export function NewsletterScreen() {
  const { site } = useSite();
  const lists = useLoad(() => mailingLists.list(site.id), [site.id]);
  const history = useLoad(() => campaigns.list(site.id), [site.id]);
  const action = useAction();
  const [name, setName] = useState('');
  const [nameMissing, setNameMissing] = useState(false);
  const [note, setNote] = useState('');

  if (isMissingRoute(lists.error)) return <NotAvailable title={N.title} />;
  const all = lists.data?.lists ?? [];

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setNameMissing(!name.trim());
    if (!name.trim()) return;
    const answer = await action.run(() => mailingLists.create(site.id, name.trim()));
    if (answer) {
      lists.set({ lists: [...all, answer.list] });
      setNote(N.listCreated(answer.list.name));
      setName('');
    }
  };
  const rename = async (list: MailingList, next: string) => {
    const answer = await action.run(() => mailingLists.rename(site.id, list.id, next));
    if (answer) {
      lists.set({ lists: all.map((l) => (l.id === list.id ? answer.list : l)) });
      setNote(N.listRenamed(answer.list.name));
    }
    return Boolean(answer);
  };
  const remove = async (list: MailingList) => {
    if (await action.run(() => mailingLists.delete(site.id, list.id))) {
      lists.set({ lists: all.filter((l) => l.id !== list.id) });
      setNote(N.listDeleted(list.name));
    }
  };

  return (
    <div>
      <PageTitle>{N.title}</PageTitle>
      <ErrorBox error={lists.error} />
      <ErrorBox error={action.error} />
      <StatusMessage>{note}</StatusMessage>
      <section className="card" aria-labelledby="lists-title">
        <h2 id="lists-title">{N.lists}</h2>
        <p className="muted">{N.listsIntro}</p>
        {lists.loading && !lists.data ? <Loading /> : null}
        {lists.data && all.length === 0 ? <p className="empty">{N.noLists}</p> : null}
        <ul className="page-list">
          {all.map((list) => (
            <ListRow
              key={list.id}
              list={list}
              busy={action.busy}
              onRename={(next) => rename(list, next)}
              onDelete={() => void remove(list)}
            />
          ))}
        </ul>
        <form className="inline-form" onSubmit={create} noValidate aria-label={N.newList}>
          <TextField
            label={N.listName}
            value={name}
            maxLength={100}
            error={nameMissing ? 'Bitte gib der Liste einen Namen.' : action.error?.fields?.name}
            onChange={(e) => setName(e.target.value)}
          />
          <Button type="submit" variant="primary" busy={action.busy}>
            {N.createList}
          </Button>
        </form>
      </section>
      {lists.data ? <CampaignForm lists={all} onSent={() => history.reload()} /> : null}
      <section className="card" aria-labelledby="history-title">
        <h2 id="history-title">{N.history}</h2>
        {history.data && history.data.campaigns.length === 0 ? (
          <p className="empty">{N.noCampaigns}</p>
        ) : null}
        <ul>
          {(history.data?.campaigns ?? []).map((campaign) => (
            <li key={campaign.id}>
              <strong>{campaign.subject}</strong>{' '}
              <span className="muted">
                {new Date(campaign.sentAt).toLocaleString('de-DE')}{' '}
                {N.sentTo(campaign.listName, campaign.recipients)}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
