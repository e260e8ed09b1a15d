import { type ChangeEvent, type MouseEvent, useId, useState } from 'react';
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
import { type MediaItem, media as mediaApi, uploadProblem } from './media-api.js';
import { M } from './texts.js';
import './media.css';

/*
 * /config/sites/:siteId/bilder — the website's uploaded images: upload (checked here and on the server),
 * alt text and focal point, delete. The image picker of products and blocks lists the same images.
 */

/** The file input of an upload, with the checks of R5.12.6–R5.12.8 before anything is sent. */
export function UploadButton({ onUploaded }: { onUploaded: (item: MediaItem) => void }) {
  const { site } = useSite();
  const action = useAction();
  const id = useId();
  const [problem, setProblem] = useState('');
  const [note, setNote] = useState('');
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refusal = uploadProblem(file);
    setProblem(refusal ?? '');
    setNote('');
    if (refusal) return;
    const answer = await action.run(() => mediaApi.upload(site.id, file));
    if (answer) {
      setNote(M.uploaded(answer.media.filename));
      onUploaded(answer.media);
    }
  };
  return (
    <div className="media-upload">
      <label className="button button--primary" htmlFor={id} aria-disabled={action.busy || undefined}>
        {action.busy ? M.uploading : M.upload}
      </label>
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        onChange={(e) => void choose(e)}
        disabled={action.busy}
        aria-describedby={`${id}-hint`}
      />
      <span className="field-hint" id={`${id}-hint`}>
        {M.uploadHint}
      </span>
      <ErrorBox error={problem || action.error} />
      <StatusMessage>{note}</StatusMessage>
    </div>
  );
}

function MediaCard({
  item,
  canEdit,
  onChanged,
  onDeleted,
}: {
  item: MediaItem;
  canEdit: boolean;
  onChanged: (item: MediaItem) => void;
  onDeleted: () => void;
}) {
  const { site } = useSite();
  const action = useAction();
  const [altText, setAltText] = useState(item.altText);
  const [focus, setFocus] = useState(item.focalPoint);
  const [note, setNote] = useState('');
  const round = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 100) / 100;
  const pickFocus = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (!box.width || !box.height) return;
    setFocus({
      x: round((event.clientX - box.left) / box.width),
      y: round((event.clientY - box.top) / box.height),
    });
  };
  const save = async () => {
    const answer = await action.run(() => mediaApi.update(site.id, item.id, { altText, focalPoint: focus }));
    if (answer) {
      onChanged(answer.media);
      setNote(M.saved);
    }
  };
  const remove = async () => {
    if (await action.run(() => mediaApi.delete(site.id, item.id))) onDeleted();
  };
  const fields = action.error?.fields ?? {};
  return (
    <li className="media-card card">
      <button
        type="button"
        className="media-card__image"
        onClick={pickFocus}
        disabled={!canEdit}
        aria-label={`${M.focalPoint}: ${item.filename}`}
      >
        <img src={mediaApi.thumbnailUrl(site.id, item.id)} alt={item.altText} loading="lazy" />
        <span
          className="media-card__focus"
          aria-hidden="true"
          style={{ left: `${focus.x * 100}%`, top: `${focus.y * 100}%` }}
        />
      </button>
      <p className="media-card__name">{item.filename}</p>
      <p className="muted">{M.size(item.width, item.height)}</p>
      {canEdit ? (
        <fieldset className="media-card__details">
          <legend className="visually-hidden">{M.details(item.filename)}</legend>
          <TextField
            label={M.altText}
            hint={M.altTextHint}
            value={altText}
            maxLength={250}
            onChange={(e) => setAltText(e.target.value)}
            error={fields.altText}
          />
          <p className="field-hint">{M.focalPointHint}</p>
          <div className="media-card__focus-fields">
            <TextField
              label={M.focalX}
              type="number"
              min={0}
              max={1}
              step={0.01}
              value={focus.x}
              onChange={(e) => setFocus({ ...focus, x: round(Number(e.target.value)) })}
            />
            <TextField
              label={M.focalY}
              type="number"
              min={0}
              max={1}
              step={0.01}
              value={focus.y}
              onChange={(e) => setFocus({ ...focus, y: round(Number(e.target.value)) })}
              error={fields['focalPoint.x'] ?? fields['focalPoint.y'] ?? fields.focalPoint}
            />
          </div>
          <ErrorBox error={action.error} />
          <StatusMessage>{note}</StatusMessage>
          <div className="form-actions">
            <Button variant="primary" onClick={() => void save()} busy={action.busy}>
              {M.save}
            </Button>
            <ConfirmButton label={M.delete} onConfirm={() => void remove()} busy={action.busy} />
          </div>
        </fieldset>
      ) : null}
    </li>
  );
}

export function MediaLibrary() {
  const { site, can } = useSite();
  const list = useLoad(() => mediaApi.list(site.id), [site.id]);
  const [note, setNote] = useState('');
  const canEdit = can('pages.editDrafts') || can('commerce.products');
  if (isMissingRoute(list.error)) return <NotAvailable title={M.title} />;
  const items = list.data?.media ?? [];
  const replace = (next: MediaItem[]) => list.data && list.set({ ...list.data, media: next });
  return (
    <div>
      <PageTitle>{M.title}</PageTitle>
      <p className="muted">{M.intro}</p>
      <ErrorBox error={list.error} />
      <StatusMessage>{note}</StatusMessage>
      {canEdit ? <UploadButton onUploaded={(item) => replace([item, ...items])} /> : null}
      {list.loading && !list.data ? <Loading /> : null}
      {list.data && items.length === 0 ? <p className="empty">{M.none}</p> : null}
      <ul className="media-grid" aria-label={M.title}>
        {items.map((item) => (
          <MediaCard
            key={item.id}
            item={item}
            canEdit={canEdit}
            onChanged={(changed) => replace(items.map((i) => (i.id === changed.id ? changed : i)))}
            onDeleted={() => {
              replace(items.filter((i) => i.id !== item.id));
              setNote(M.deleted);
            }}
          />
        ))}
      </ul>
    </div>
  );
}
