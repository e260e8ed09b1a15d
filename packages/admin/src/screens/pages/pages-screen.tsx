import { type FormEvent, useState } from 'react';
import { pages as pagesApi } from '../../api/admin-api.js';
import type { Collection, CollectionDetail, PageKind } from '../../api/admin-types.js';
import { t } from '../../messages.js';
import { navigate, useLocation } from '../../routing/router.js';
import { paths } from '../../routing/routes.js';
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
  TextField,
} from '../../ui/controls.js';
import { siteAddress } from '../../ui/format.js';
import { PageTitle } from '../../ui/page-title.js';
import { BlockEditor } from './block-editor.js';
import { PageSettings, pageSeo, S } from './page-settings.js';

/*
 * /config/sites/:siteId/seiten — the pages of a website in navigation order, with the blocks of the
 * chosen page (?seite=<id>) and a preview of the real page beside them.
 */

const PAGE_KINDS: PageKind[] = ['page', 'products', 'blog', 'gallery', 'events'];

const byPosition = (list: Collection[]) => [...list].sort((a, b) => a.position - b.position);

function NewPageForm({ onCreated }: { onCreated: (detail: CollectionDetail) => void }) {
  const { site } = useSite();
  const action = useAction();
  const [title, setTitle] = useState('');
  const [type, setType] = useState<PageKind>('page');
  const [missing, setMissing] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMissing(!title.trim());
    if (!title.trim()) return;
    const answer = await action.run(() => pagesApi.create(site.id, { title: title.trim(), type }));
    if (answer) {
      setTitle('');
      onCreated(answer);
    }
  };

  const fields = action.error?.fields ?? {};
  return (
    <form className="form card" onSubmit={submit} noValidate aria-labelledby="new-page-title">
      <h2 id="new-page-title">{t.newPage}</h2>
      <ErrorBox error={action.error} />
      <TextField
        label={t.pageTitle}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        error={missing ? 'Bitte gib der Seite einen Titel.' : (fields.title ?? fields.urlId)}
      />
      <SelectField
        label={t.pageType}
        value={type}
        onChange={(e) => setType(e.target.value as PageKind)}
        error={fields.type}
      >
        {PAGE_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {t.pageKinds[kind]}
          </option>
        ))}
      </SelectField>
      <div className="form-actions">
        <Button type="submit" variant="primary" busy={action.busy}>
          {t.addPage}
        </Button>
      </div>
    </form>
  );
}

interface RowProps {
  page: Collection;
  index: number;
  count: number;
  selected: boolean;
  canPublish: boolean;
  busy: boolean;
  onSelect: () => void;
  onMove: (by: -1 | 1) => void;
  onChange: (changes: { title?: string; urlId?: string; hidden?: boolean }) => Promise<boolean>;
  onDelete: () => void;
}

function PageRow({
  page,
  index,
  count,
  selected,
  canPublish,
  busy,
  onSelect,
  onMove,
  onChange,
  onDelete,
}: RowProps) {
  const [renaming, setRenaming] = useState(false);
  const [title, setTitle] = useState(page.title);
  const [urlId, setUrlId] = useState(page.urlId);

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return;
    const changes: { title?: string; urlId?: string } = {};
    if (title.trim() !== page.title) changes.title = title.trim();
    if (urlId.trim() !== page.urlId) changes.urlId = urlId.trim();
    if (Object.keys(changes).length === 0 || (await onChange(changes))) setRenaming(false);
  };

  return (
    <li className={`page-row ${selected ? 'page-row--selected' : ''}`}>
      {renaming ? (
        <form className="inline-form" onSubmit={rename}>
          <TextField
            label={`${t.rename}: ${page.title}`}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
          />
          {page.isHomePage ? null : (
            <TextField
              label={`Seiten-URL: ${page.title}`}
              hint="Kleinbuchstaben, Ziffern und Bindestriche, z. B. ueber-uns"
              value={urlId}
              onChange={(e) => setUrlId(e.target.value)}
            />
          )}
          <Button type="submit" variant="primary" busy={busy}>
            {t.save}
          </Button>
          <Button variant="quiet" onClick={() => setRenaming(false)}>
            {t.cancel}
          </Button>
        </form>
      ) : (
        <div className="page-row__main">
          <button
            type="button"
            className="link-button"
            onClick={onSelect}
            aria-current={selected ? 'true' : undefined}
          >
            {page.title}
          </button>
          <span className="muted"> {page.fullUrl}</span>
          <span className="badges">
            <span className="badge">{t.pageKinds[page.type] ?? page.type}</span>
            {page.isHomePage ? <span className="badge">{t.homePage}</span> : null}
            {page.hidden ? <span className="badge">{t.hidden}</span> : null}
            {page.hasUnpublishedChanges ? (
              <span className="badge badge--warn">{t.unpublishedChanges}</span>
            ) : null}
          </span>
        </div>
      )}
      {canPublish && !renaming ? (
        <div className="page-row__actions">
          <Button
            variant="quiet"
            onClick={() => onMove(-1)}
            disabled={index === 0 || busy}
            aria-label={`${t.moveUp}: ${page.title}`}
          >
            ↑
          </Button>
          <Button
            variant="quiet"
            onClick={() => onMove(1)}
            disabled={index === count - 1 || busy}
            aria-label={`${t.moveDown}: ${page.title}`}
          >
            ↓
          </Button>
          <Button variant="quiet" onClick={() => setRenaming(true)} aria-label={`${t.rename}: ${page.title}`}>
            {t.rename}
          </Button>
          <Button
            variant="quiet"
            onClick={() => void onChange({ hidden: !page.hidden })}
            disabled={busy}
            aria-label={`${page.hidden ? t.show : t.hide}: ${page.title}`}
          >
            {page.hidden ? t.show : t.hide}
          </Button>
          <ConfirmButton label={t.delete} onConfirm={onDelete} busy={busy} />
        </div>
      ) : null}
    </li>
  );
}

function Preview({ page, reloads }: { page: Collection; reloads: number }) {
  const { site } = useSite();
  const [extra, setExtra] = useState(0);
  // The draft preview's address (signed, short-lived); undefined shows the published page.
  const [draftUrl, setDraftUrl] = useState<string>();
  const draft = useAction();
  const base = siteAddress(site.hostnames[0]);
  if (!base) return null;
  const live = `${base}${page.fullUrl}`;
  const src = draftUrl ?? live;
  const toggleDraft = async () => {
    if (draftUrl) return setDraftUrl(undefined);
    const answer = await draft.run(() => pageSeo.draftPreview(site.id, page.id));
    if (answer) setDraftUrl(answer.previewUrl);
  };
  const reload = async () => {
    // A draft address is asked for anew, so the frame shows the latest saved draft.
    if (draftUrl) {
      const answer = await draft.run(() => pageSeo.draftPreview(site.id, page.id));
      if (answer) setDraftUrl(answer.previewUrl);
    }
    setExtra((n) => n + 1);
  };
  return (
    <section className="preview" aria-labelledby="preview-title">
      <div className="title-row">
        <h2 id="preview-title">{t.preview}</h2>
        <Button variant="quiet" onClick={() => void reload()}>
          {t.reloadPreview}
        </Button>
        <Button
          variant="quiet"
          onClick={() => void toggleDraft()}
          busy={draft.busy}
          aria-pressed={Boolean(draftUrl)}
        >
          {S.draftPreview}
        </Button>
      </div>
      <ErrorBox error={draft.error} />
      <p className="muted">
        {draftUrl ? S.draftPreviewHint : t.previewHint}{' '}
        <a href={live} target="_blank" rel="noreferrer">
          {live}
        </a>
      </p>
      <iframe
        key={`${page.id}-${reloads}-${extra}`}
        className="preview__frame"
        src={src}
        title={t.previewOf(page.title)}
      />
    </section>
  );
}

export function PagesScreen() {
  const { site, can } = useSite();
  const { search } = useLocation();
  const selectedId = new URLSearchParams(search).get('seite') ?? undefined;
  const list = useLoad(() => pagesApi.list(site.id), [site.id]);
  const detail = useLoad(
    () => (selectedId ? pagesApi.get(site.id, selectedId) : Promise.resolve(undefined)),
    [site.id, selectedId],
  );
  const action = useAction();
  const [note, setNote] = useState('');
  const [previewRound, setPreviewRound] = useState(0);
  const canPublish = can('pages.publish');

  if (isMissingRoute(list.error)) return <NotAvailable title={t.pagesTitle} />;
  const collections = byPosition(list.data?.collections ?? []);

  const select = (pageId: string | undefined) =>
    navigate(pageId ? `${paths.pages(site.id)}?seite=${encodeURIComponent(pageId)}` : paths.pages(site.id), {
      replace: true,
    });

  const replaceInList = (page: Collection) =>
    list.data && list.set({ collections: collections.map((c) => (c.id === page.id ? page : c)) });

  const move = async (index: number, by: -1 | 1) => {
    const order = collections.map((c) => c.id);
    const [moved] = order.splice(index, 1);
    order.splice(index + by, 0, moved);
    const answer = await action.run(() => pagesApi.reorder(site.id, order));
    if (answer) {
      list.set(answer);
      setNote(t.blockMoved(`„${collections[index].title}“`, index + by + 1, order.length));
    }
  };

  const change = async (page: Collection, changes: { title?: string; urlId?: string; hidden?: boolean }) => {
    const answer = await action.run(() => pagesApi.update(site.id, page.id, changes));
    if (answer) {
      replaceInList(answer.collection);
      if (answer.collection.id === detail.data?.collection.id) detail.set(answer);
      setNote(t.saved);
    }
    return Boolean(answer);
  };

  const remove = async (page: Collection) => {
    if (await action.run(() => pagesApi.delete(site.id, page.id))) {
      list.set({ collections: collections.filter((c) => c.id !== page.id) });
      if (selectedId === page.id) select(undefined);
    }
  };

  return (
    <div>
      <PageTitle>{t.pagesTitle}</PageTitle>
      {list.error ? (
        <ErrorBox error={list.error.status === 404 ? list.error : t.unableToLoadCollections} />
      ) : null}
      <ErrorBox error={action.error} />
      <StatusMessage>{note}</StatusMessage>
      <div className="pages-layout">
        <div className="pages-layout__list">
          {list.loading && !list.data ? <Loading /> : null}
          {list.data && collections.length === 0 ? <p className="empty">{t.noPages}</p> : null}
          <ol className="page-list" aria-label={t.pages}>
            {collections.map((page, index) => (
              <PageRow
                key={page.id}
                page={page}
                index={index}
                count={collections.length}
                selected={page.id === selectedId}
                canPublish={canPublish}
                busy={action.busy}
                onSelect={() => select(page.id)}
                onMove={(by) => void move(index, by)}
                onChange={(changes) => change(page, changes)}
                onDelete={() => void remove(page)}
              />
            ))}
          </ol>
          {canPublish ? (
            <NewPageForm
              onCreated={(created) => {
                list.set({ collections: [...collections, created.collection] });
                select(created.collection.id);
              }}
            />
          ) : null}
        </div>
        <div className="pages-layout__editor">
          {detail.error ? <ErrorBox error={detail.error} /> : null}
          {selectedId && detail.loading ? <Loading /> : null}
          {detail.data && !detail.loading ? (
            <>
              <BlockEditor
                key={detail.data.collection.id}
                siteId={site.id}
                detail={detail.data}
                collections={collections}
                canEdit={can('pages.editDrafts')}
                canPublish={canPublish}
                onSaved={(saved) => {
                  replaceInList(saved.collection);
                  setPreviewRound((n) => n + 1);
                }}
              />
              <Preview page={detail.data.collection} reloads={previewRound} />
              {canPublish ? (
                <PageSettings
                  key={`settings-${detail.data.collection.id}`}
                  page={detail.data.collection}
                  onSaved={(saved) => {
                    replaceInList(saved.collection);
                    detail.set(saved);
                    setPreviewRound((n) => n + 1);
                  }}
                />
              ) : null}
            </>
          ) : null}
        </div>
      </div>
    </div>
  );
}
