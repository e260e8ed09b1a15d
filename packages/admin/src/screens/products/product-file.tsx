import { type FormEvent, useEffect, useId, useState } from 'react';
import { ApiError, api, apiUrl, CRUMB_COOKIE, CRUMB_HEADER, readCookie } from '../../api/api-client.js';
import { t } from '../../messages.js';
import { useAction, useLoad } from '../../ui/async.js';
import { Button, ConfirmButton, ErrorBox, StatusMessage, TextField } from '../../ui/controls.js';

/*
 * The file a digital product delivers (issue 23): the owner uploads it (at most 200 MB), sees its name,
 * type, size and SHA-256 checksum, replaces or removes it, and sets how often and for how many days after
 * payment a buyer may download it. The upload is the file itself as the request body.
 */

export interface ProductFileInfo {
  fileName: string;
  contentType: string;
  byteSize: number;
  sha256: string;
  downloadLimit: number;
  downloadDays: number;
  updatedAt: string;
}

export const MAX_PRODUCT_FILE_BYTES = 200 * 1024 * 1024;

export const F = {
  title: 'Datei zum Herunterladen',
  none: 'Noch keine Datei hinterlegt: Käufer bekommen bis dahin nur eine Platzhalter-Datei.',
  choose: 'Datei auswählen (höchstens 200 MB)',
  upload: 'Datei hochladen',
  replace: 'Datei ersetzen',
  remove: 'Datei entfernen',
  removeQuestion: 'Die Datei wirklich entfernen? Käufer können sie dann nicht mehr herunterladen.',
  fileName: 'Dateiname',
  type: 'Dateityp',
  size: 'Größe',
  checksum: 'Prüfsumme (SHA-256)',
  limit: 'Downloads pro Kauf',
  days: 'Tage nach dem Kauf verfügbar',
  saveRules: 'Download-Regeln speichern',
  uploaded: 'Gespeichert: Die Datei ist hochgeladen.',
  removed: 'Die Datei wurde entfernt.',
  rulesSaved: 'Gespeichert: Die Download-Regeln gelten ab sofort.',
  tooLarge: 'Die Datei ist zu groß. Erlaubt sind höchstens 200 MB.',
  empty: 'Die Datei ist leer.',
  uploadFailed: 'Das Hochladen der Datei ist fehlgeschlagen.',
} as const;

export const fileSizeText = (bytes: number) =>
  bytes < 1024
    ? `${bytes} Byte`
    : bytes < 1024 * 1024
      ? `${new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 }).format(bytes / 1024)} KB`
      : `${new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))} MB`;

async function uploadFile(path: string, file: File): Promise<{ file: ProductFileInfo }> {
  if (file.size > MAX_PRODUCT_FILE_BYTES) throw new ApiError(413, 'FILE_TOO_LARGE', F.tooLarge);
  if (file.size === 0) throw new ApiError(400, 'FILE_EMPTY', F.empty);
  if (!readCookie(CRUMB_COOKIE)) await api.get('/session', { allowSignedOut: true }).catch(() => undefined);
  let response: Response;
  try {
    response = await fetch(apiUrl(path, { filename: file.name }), {
      method: 'PUT',
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        'content-type': 'application/octet-stream',
        [CRUMB_HEADER]: readCookie(CRUMB_COOKIE) ?? '',
      },
      body: file,
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', t.networkError);
  }
  const body = (await response.json().catch(() => undefined)) as
    | { file?: ProductFileInfo; error?: { type?: string; message?: string } }
    | undefined;
  if (!response.ok || !body?.file)
    throw new ApiError(
      response.status,
      body?.error?.type ?? 'UPLOAD_FAILED',
      body?.error?.message ?? F.uploadFailed,
      {},
    );
  return { file: body.file };
}

export function ProductFilePanel({
  siteId,
  productId,
  canEdit,
}: {
  siteId: string;
  productId: string;
  canEdit: boolean;
}) {
  const path = `/sites/${encodeURIComponent(siteId)}/products/${encodeURIComponent(productId)}/file`;
  const loaded = useLoad(() => api.get<{ file: ProductFileInfo | null }>(path), [path]);
  const action = useAction();
  const inputId = useId();
  const [file, setFile] = useState<ProductFileInfo | null>(null);
  const [chosen, setChosen] = useState<File>();
  const [limit, setLimit] = useState('5');
  const [days, setDays] = useState('30');
  const [note, setNote] = useState('');
  useEffect(() => {
    const current = loaded.data?.file ?? null;
    setFile(current);
    if (current) {
      setLimit(String(current.downloadLimit));
      setDays(String(current.downloadDays));
    }
  }, [loaded.data]);
  if (!loaded.data) return null;

  const upload = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    setNote('');
    const answer = await action.run(() => uploadFile(path, chosen));
    if (answer) {
      setFile(answer.file);
      setChosen(undefined);
      setNote(F.uploaded);
    }
  };
  const saveRules = async (event: FormEvent) => {
    event.preventDefault();
    setNote('');
    const answer = await action.run(() =>
      api.patch<{ file: ProductFileInfo }>(path, {
        downloadLimit: Number(limit),
        downloadDays: Number(days),
      }),
    );
    if (answer) {
      setFile(answer.file);
      setNote(F.rulesSaved);
    }
  };
  const remove = async () => {
    setNote('');
    const answer = await action.run(() => api.delete<{ deleted: boolean }>(path));
    if (answer) {
      setFile(null);
      setNote(F.removed);
    }
  };

  return (
    <section className="card" aria-labelledby="product-file-title">
      <h2 id="product-file-title">{F.title}</h2>
      <ErrorBox error={action.error} />
      {file ? (
        <dl className="product-file-facts">
          <dt>{F.fileName}</dt>
          <dd>{file.fileName}</dd>
          <dt>{F.type}</dt>
          <dd>{file.contentType}</dd>
          <dt>{F.size}</dt>
          <dd>{fileSizeText(file.byteSize)}</dd>
          <dt>{F.checksum}</dt>
          <dd>
            <code style={{ overflowWrap: 'anywhere' }}>{file.sha256}</code>
          </dd>
        </dl>
      ) : (
        <p className="muted">{F.none}</p>
      )}
      {canEdit ? (
        <form onSubmit={upload}>
          <div className="field">
            <label htmlFor={inputId}>{F.choose}</label>
            <input id={inputId} type="file" onChange={(e) => setChosen(e.target.files?.[0] ?? undefined)} />
          </div>
          <Button type="submit" variant="primary" busy={action.busy} disabled={!chosen}>
            {file ? F.replace : F.upload}
          </Button>
          {file ? (
            <ConfirmButton
              label={F.remove}
              question={F.removeQuestion}
              onConfirm={remove}
              busy={action.busy}
            />
          ) : null}
        </form>
      ) : null}
      {file ? (
        <form onSubmit={saveRules}>
          <fieldset className="field-group" disabled={!canEdit}>
            <TextField
              label={F.limit}
              type="number"
              min={1}
              max={100}
              value={limit}
              onChange={(e) => setLimit(e.target.value)}
            />
            <TextField
              label={F.days}
              type="number"
              min={1}
              max={3650}
              value={days}
              onChange={(e) => setDays(e.target.value)}
            />
            <Button type="submit" busy={action.busy}>
              {F.saveRules}
            </Button>
          </fieldset>
        </form>
      ) : null}
      <StatusMessage>{note}</StatusMessage>
    </section>
  );
}
