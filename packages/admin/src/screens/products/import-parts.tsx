import { ApiError, api, CRUMB_COOKIE, CRUMB_HEADER, readCookie } from '../../api/api-client.js';
import { t } from '../../messages.js';

/*
 * What the product and the customer import screens share: sending the CSV file itself as the request body
 * (like media uploads), and the table of refused lines with their German reasons.
 */

const T = {
  line: 'Zeile',
  reason: 'Grund',
  refusedTitle: 'Nicht übernommene Zeilen',
  moreRefused: (n: number) => `… und ${n} weitere Zeilen.`,
  uploadFailed: 'Die Datei konnte nicht hochgeladen werden.',
};

export interface Refusal {
  line: number;
  reason: string;
  /** The product's handle or the customer's e-mail address the line belongs to. */
  handle?: string;
}

/** POSTs the file as text/csv; the JSON answer, or an ApiError with the server's German message. */
export async function sendCsv<T>(url: string, file: File): Promise<T> {
  if (!readCookie(CRUMB_COOKIE)) await api.get('/session', { allowSignedOut: true }).catch(() => undefined);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      // Always text/csv: Windows browsers call CSV files application/vnd.ms-excel or nothing at all.
      headers: {
        accept: 'application/json',
        'content-type': 'text/csv',
        [CRUMB_HEADER]: readCookie(CRUMB_COOKIE) ?? '',
      },
      body: file,
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', t.networkError);
  }
  const body = (await response.json().catch(() => undefined)) as
    | (T & { error?: { type?: string; message?: string } })
    | undefined;
  if (!response.ok || !body)
    throw new ApiError(
      response.status,
      body?.error?.type ?? 'UPLOAD_FAILED',
      body?.error?.message ?? T.uploadFailed,
    );
  return body;
}

export function RefusedTable({
  refused,
  more,
  subject,
  title = T.refusedTitle,
}: {
  refused: Refusal[];
  more: number;
  /** The heading of the column naming what the line belongs to (Produkt, Kunde). */
  subject: string;
  title?: string;
}) {
  if (refused.length === 0) return null;
  const id = `import-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <div className="table-scroll">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{T.line}</th>
              <th scope="col">{subject}</th>
              <th scope="col">{T.reason}</th>
            </tr>
          </thead>
          <tbody>
            {refused.map((r) => (
              <tr key={`${r.line}-${r.reason}`}>
                <td>{r.line}</td>
                <td>{r.handle ?? '–'}</td>
                <td>{r.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {more > 0 ? <p>{T.moreRefused(more)}</p> : null}
    </section>
  );
}
