/*
 * A server-side refusal of a plain HTML form (issue 22, WCAG 3.3.1, 3.3.3, 2.4.2): instead of a
 * redirect to `?fehler=TYPE`, which erased everything typed and named no field, the form's page is
 * rendered again with status 422, the values kept, a message at each field it concerns and one error
 * summary at the top that links to those fields. The summary carries `autofocus` so a browser without
 * any script still moves focus to it; the page title starts with "Fehler" so the refusal is the first
 * thing a screen reader announces on the new page.
 */

/** What a template needs to show a refusal: `{.section refusal}`. */
export interface FormRefusal {
  /** The sentence above the list: what went wrong as a whole. */
  message: string;
  /** One line per field: links to the field by its id. */
  summary: { target: string; text: string }[];
  /** The message at each field, by the field's id; `{.section refusal.fields.email}` in a template. */
  fields: Record<string, string>;
}

/** The status of a re-rendered refused form: the request was understood, its content was not acceptable. */
export const REFUSED_STATUS = 422;

/** The page title of a refused form: "Fehler" first, so it is heard before the site's name. */
export const refusedTitle = (title: string) => `Fehler: ${title}`;

/**
 * The refusal of a form: `message` for the whole, `fieldMessages` by field id, `labels` by field id to
 * name each field in the summary (fields without a label are shown at the field only, never lost:
 * they fall back to the field id's message alone).
 */
export function formRefusal(
  message: string,
  fieldMessages: Readonly<Record<string, string>>,
  labels: Readonly<Record<string, string>>,
): FormRefusal {
  const fields: Record<string, string> = {};
  const summary: FormRefusal['summary'] = [];
  // The summary follows the order of the form (the order of `labels`), not the order of the checks.
  const ordered = [
    ...Object.keys(labels).filter((id) => Object.hasOwn(fieldMessages, id)),
    ...Object.keys(fieldMessages).filter((id) => !Object.hasOwn(labels, id)),
  ];
  for (const id of ordered) {
    const text = fieldMessages[id];
    if (!text) continue;
    fields[id] = text;
    summary.push({ target: id, text: labels[id] ? `${labels[id]}: ${text}` : text });
  }
  return { message, summary, fields };
}
