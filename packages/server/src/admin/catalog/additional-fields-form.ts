import type { FormDefinition, FormField, SiteForm, Storage } from '@baukasten/storage';
import { AdminInputError } from '../admin-input.js';

/*
 * A product's additional-fields form (spec 3 additionalFieldsFormId, additionalFieldsForm): the owner picks
 * one of the site's forms; the product keeps a copy of its fields, which the storefront's add-to-cart
 * modal shows. Saving the product again takes the form's current fields; saving the form refreshes the copy
 * on every product that uses it, and deleting the form takes it off them.
 */

export const formNotOnSite = 'Dieses Formular gibt es auf dieser Website nicht.';

/**
 * The copy to store: undefined when the request does not name the form (the product keeps its own),
 * null when it removes it. An id that is no form of this website is refused at its field.
 */
export async function additionalFieldsFormFor(
  storage: Storage,
  websiteId: string,
  formId: string | null | undefined,
): Promise<FormDefinition | null | undefined> {
  if (formId === undefined || formId === null) return formId;
  const form = await storage.forms.findById(websiteId, formId);
  if (!form) throw new AdminInputError(formNotOnSite, { additionalFieldsFormId: formNotOnSite });
  return additionalFieldsCopy(form);
}

/**
 * The copy a product keeps of a site form. Saving the form (admin forms API) passes this to
 * `storage.forms.update`, so every product using the form gets the new copy in the same transaction.
 */
export function additionalFieldsCopy(form: SiteForm): FormDefinition {
  const fields = form.fields.map((f) => ({ ...f, required: f.required === true }) as FormField);
  const copy: FormDefinition = { id: form.id, name: form.name, fields };
  if (form.submissionMessage) copy.submissionMessage = form.submissionMessage;
  return copy;
}
