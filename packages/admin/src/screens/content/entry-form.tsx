import { type FormEvent, useState } from 'react';
import { Link, navigate } from '../../routing/router.js';
import { paths } from '../../routing/routes.js';
import { useSite } from '../../site-context.js';
import { useAction, useLoad } from '../../ui/async.js';
import {
  Button,
  Checkbox,
  ConfirmButton,
  ErrorBox,
  Loading,
  SelectField,
  StatusMessage,
  TextArea,
  TextField,
} from '../../ui/controls.js';
import { PageTitle } from '../../ui/page-title.js';
import { type ContentCollection, content, type Entry, type EntryInput } from './content-api.js';
import { TagListEditor } from './tag-list-editor.js';
import { C } from './texts.js';

/*
 * The form of one blog post or event. Excerpt and body are typed as Markdown (rendered by the server
 * when saved, as in text blocks) or HTML (sanitised when saved); a stored entry reopens as the Markdown
 * it was written in (the server keeps it beside the HTML), else as its HTML. Times are wall-clock times of the site's time zone (datetime-local), which
 * the server turns into instants. The publish date is shown to those who may publish.
 */

interface Draft {
  title: string;
  urlId: string;
  format: 'markdown' | 'html';
  excerpt: string;
  body: string;
  categories: string;
  tags: string;
  authorDisplayName: string;
  starred: boolean;
  commentState: string;
  assetUrl: string;
  publishAt: string;
  startAt: string;
  endAt: string;
  addressLine1: string;
  addressLine2: string;
  addressCountry: string;
  mapLat: string;
  mapLng: string;
}

const EMPTY: Draft = {
  title: '',
  urlId: '',
  format: 'markdown',
  excerpt: '',
  body: '',
  categories: '',
  tags: '',
  authorDisplayName: '',
  starred: false,
  commentState: '1',
  assetUrl: '',
  publishAt: '',
  startAt: '',
  endAt: '',
  addressLine1: '',
  addressLine2: '',
  addressCountry: '',
  mapLat: '',
  mapLng: '',
};

function draftOf(entry: Entry): Draft {
  const location = entry.location ?? {};
  return {
    title: entry.title,
    urlId: entry.urlId,
    format: entry.markdown ? 'markdown' : 'html',
    excerpt: entry.markdown ? entry.markdown.excerpt : entry.excerpt,
    body: entry.markdown ? entry.markdown.body : entry.body,
    categories: entry.categories.join(', '),
    tags: entry.tags.join(', '),
    authorDisplayName: entry.authorDisplayName ?? '',
    starred: entry.starred,
    commentState: String(entry.commentState),
    assetUrl: entry.assetUrl ?? '',
    publishAt: entry.publishAt ?? '',
    startAt: entry.startAt ?? '',
    endAt: entry.endAt ?? '',
    addressLine1: location.addressLine1 ?? '',
    addressLine2: location.addressLine2 ?? '',
    addressCountry: location.addressCountry ?? '',
    mapLat: location.mapLat === undefined ? '' : String(location.mapLat).replace('.', ','),
    mapLng: location.mapLng === undefined ? '' : String(location.mapLng).replace('.', ','),
  };
}

const list = (text: string) =>
  text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

/** The first tag that comes again in the list, ignoring case: the shop would show it twice. */
function repeatedTag(tags: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const tag of tags) {
    const key = tag.toLocaleLowerCase('de-DE');
    if (seen.has(key)) return tag;
    seen.add(key);
  }
  return undefined;
}

/** A coordinate as typed ('52,52'); undefined when empty, NaN when not a number. */
const coordinate = (text: string) => {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? undefined : Number(trimmed);
};

export function EntryForm({
  collection,
  entryId,
  listPath,
}: {
  collection: ContentCollection;
  entryId?: string;
  listPath: string;
}) {
  const { site, can } = useSite();
  const events = collection.kind === 'events';
  const loaded = useLoad(
    () => (entryId ? content.get(site.id, collection.id, entryId) : Promise.resolve(undefined)),
    [site.id, collection.id, entryId],
  );
  if (entryId && !loaded.data) return loaded.error ? <ErrorBox error={loaded.error} /> : <Loading />;
  return (
    <EntryFields
      key={entryId ?? 'neu'}
      collection={collection}
      entry={loaded.data?.entry}
      listPath={listPath}
      events={events}
      siteId={site.id}
      canPublish={can('pages.publish')}
      canEdit={can('pages.editDrafts')}
    />
  );
}

function EntryFields({
  collection,
  entry: initial,
  listPath,
  events,
  siteId,
  canPublish,
  canEdit,
}: {
  collection: ContentCollection;
  entry: Entry | undefined;
  listPath: string;
  events: boolean;
  siteId: string;
  canPublish: boolean;
  canEdit: boolean;
}) {
  const [entry, setEntry] = useState(initial);
  const [draft, setDraft] = useState<Draft>(initial ? draftOf(initial) : EMPTY);
  const [status, setStatus] = useState('');
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const action = useAction();
  const fieldErrors = { ...(action.error?.fields ?? {}), ...localErrors };
  const live = entry !== undefined && entry.status !== 'draft';
  // Published entries are changed only by those who may publish (the server says so too).
  const locked = !canEdit || (live && !canPublish);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const text = (key: keyof Draft, label: string, extra: { hint?: string; type?: string } = {}) => (
    <TextField
      label={label}
      hint={extra.hint}
      type={extra.type ?? 'text'}
      value={String(draft[key])}
      error={fieldErrors[key]}
      disabled={locked}
      onChange={(e) => set(key, e.target.value as never)}
    />
  );

  const input = (): EntryInput | undefined => {
    const lat = coordinate(draft.mapLat);
    const lng = coordinate(draft.mapLng);
    const problems: Record<string, string> = {};
    if (Number.isNaN(lat)) problems['location.mapLat'] = C.fields.numberInvalid;
    if (Number.isNaN(lng)) problems['location.mapLng'] = C.fields.numberInvalid;
    const repeated = repeatedTag(list(draft.tags));
    if (repeated) problems.tags = C.fields.tagExists(repeated);
    setLocalErrors(problems);
    if (Object.keys(problems).length > 0) return undefined;
    const body: EntryInput = {
      title: draft.title,
      format: draft.format,
      excerpt: draft.excerpt,
      body: draft.body,
      categories: list(draft.categories),
      tags: list(draft.tags),
      authorDisplayName: draft.authorDisplayName,
      starred: draft.starred,
      commentState: Number(draft.commentState),
      assetUrl: draft.assetUrl.trim() || null,
    };
    if (draft.urlId.trim()) body.urlId = draft.urlId;
    // The publish date goes along only when it changed, so saving a text needs no publishing right.
    const publishAt = draft.publishAt || null;
    if (publishAt !== (entry?.publishAt ?? null)) body.publishAt = publishAt;
    if (events) {
      body.startAt = draft.startAt;
      body.endAt = draft.endAt;
      const hasPlace = [draft.addressLine1, draft.addressLine2, draft.addressCountry].some((v) => v.trim());
      body.location =
        hasPlace || lat !== undefined || lng !== undefined
          ? {
              addressLine1: draft.addressLine1,
              addressLine2: draft.addressLine2,
              addressCountry: draft.addressCountry,
              mapLat: lat ?? null,
              mapLng: lng ?? null,
            }
          : null;
      if (!entry && body.location === null) delete body.location;
    }
    return body;
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const body = input();
    if (!body) return;
    const answer = await action.run(() =>
      entry
        ? content.update(siteId, collection.id, entry.id, body)
        : content.create(siteId, collection.id, body),
    );
    if (!answer) return;
    setEntry(answer.entry);
    setDraft(draftOf(answer.entry));
    setStatus(C.saved);
    if (!entry) navigate(paths.contentEntries(siteId, collection.id, answer.entry.id), { replace: true });
  };

  const publishing = async (publish: boolean) => {
    if (!entry) return;
    const answer = await action.run(() =>
      publish
        ? content.publish(siteId, collection.id, entry.id)
        : content.unpublish(siteId, collection.id, entry.id),
    );
    if (!answer) return;
    setEntry(answer.entry);
    setDraft((d) => ({ ...d, publishAt: answer.entry.publishAt ?? '' }));
    setStatus(publish ? C.published : C.unpublished);
  };

  const remove = async () => {
    if (!entry) return;
    if (await action.run(() => content.remove(siteId, collection.id, entry.id))) navigate(listPath);
  };

  const heading = entry ? (events ? C.editEvent : C.editPost) : events ? C.newEvent : C.newPost;
  return (
    <div>
      <p>
        <Link to={listPath}>{C.backToList(collection.title)}</Link>
      </p>
      <PageTitle>{heading}</PageTitle>
      {entry ? (
        <p className="muted">
          {C.status[entry.status]}
          {entry.status !== 'draft' ? (
            <>
              {' · '}
              <a href={entry.fullUrl} target="_blank" rel="noreferrer">
                {C.view}
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      <form className="entry-form" onSubmit={save} noValidate>
        <ErrorBox error={action.error} />
        {text('title', C.fields.title)}
        {text('urlId', C.fields.urlId, { hint: C.fields.urlIdHint })}
        <SelectField
          label={C.fields.format}
          hint={C.fields.formatHint}
          value={draft.format}
          error={fieldErrors.format}
          disabled={locked}
          onChange={(e) => set('format', e.target.value as Draft['format'])}
        >
          <option value="markdown">{C.fields.markdown}</option>
          <option value="html">{C.fields.html}</option>
        </SelectField>
        <TextArea
          label={C.fields.excerpt}
          rows={3}
          value={draft.excerpt}
          error={fieldErrors.excerpt}
          disabled={locked}
          onChange={(e) => set('excerpt', e.target.value)}
        />
        <TextArea
          label={C.fields.body}
          rows={12}
          value={draft.body}
          error={fieldErrors.body}
          disabled={locked}
          onChange={(e) => set('body', e.target.value)}
        />
        {events ? (
          <fieldset className="field-group">
            <legend>{C.fields.location}</legend>
            <div className="entry-form__columns">
              {text('startAt', C.fields.startAt, {
                type: 'datetime-local',
                hint: C.fields.timeHint(collection.timeZone),
              })}
              {text('endAt', C.fields.endAt, {
                type: 'datetime-local',
                hint: C.fields.timeHint(collection.timeZone),
              })}
            </div>
            {text('addressLine1', C.fields.addressLine1)}
            {text('addressLine2', C.fields.addressLine2)}
            {text('addressCountry', C.fields.addressCountry)}
            <div className="entry-form__columns">
              <TextField
                label={C.fields.mapLat}
                inputMode="decimal"
                value={draft.mapLat}
                error={fieldErrors['location.mapLat']}
                disabled={locked}
                onChange={(e) => set('mapLat', e.target.value)}
              />
              <TextField
                label={C.fields.mapLng}
                inputMode="decimal"
                value={draft.mapLng}
                error={fieldErrors['location.mapLng']}
                disabled={locked}
                onChange={(e) => set('mapLng', e.target.value)}
              />
            </div>
          </fieldset>
        ) : null}
        <div className="entry-form__columns">
          {text('categories', C.fields.categories, { hint: C.fields.listHint })}
          {text('tags', C.fields.tags, { hint: C.fields.listHint })}
          <TagListEditor
            tags={list(draft.tags)}
            disabled={locked}
            onChange={(tags) => set('tags', tags.join(', '))}
          />
          {text('authorDisplayName', C.fields.author)}
          {text('assetUrl', C.fields.assetUrl)}
          <SelectField
            label={C.fields.commentState}
            value={draft.commentState}
            error={fieldErrors.commentState}
            disabled={locked}
            onChange={(e) => set('commentState', e.target.value)}
          >
            {C.commentStates.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          {canPublish
            ? text('publishAt', C.fields.publishAt, {
                type: 'datetime-local',
                hint: C.fields.publishHint(collection.timeZone),
              })
            : null}
        </div>
        <Checkbox
          label={C.fields.starred}
          checked={draft.starred}
          disabled={locked}
          onChange={(e) => set('starred', e.target.checked)}
        />
        <div className="form-actions">
          <Button type="submit" variant="primary" busy={action.busy} disabled={locked}>
            {entry ? C.save : C.create}
          </Button>
          {entry && canPublish ? (
            entry.status === 'draft' ? (
              <Button onClick={() => publishing(true)} busy={action.busy}>
                {C.publishNow}
              </Button>
            ) : (
              <Button onClick={() => publishing(false)} busy={action.busy}>
                {C.unpublish}
              </Button>
            )
          ) : null}
          {entry && !locked ? (
            <ConfirmButton
              label={C.delete}
              question={C.confirmDelete}
              onConfirm={remove}
              busy={action.busy}
            />
          ) : null}
        </div>
        <StatusMessage>{status}</StatusMessage>
      </form>
    </div>
  );
}
