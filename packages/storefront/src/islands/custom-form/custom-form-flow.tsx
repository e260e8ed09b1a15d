import type { AddToCartError, StockRecord } from '@baukasten/commerce';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { FieldValue } from '../forms/form-types.js';
import { ownRootElement } from '../island-id.js';
import type { PurchaseCustomForm } from '../product/types.js';
import { CustomFormModal } from './custom-form-modal.js';
import { fetchFormProductStock } from './form-product-stock.js';

/*
 * The custom product form between the add button and the add (spec 2 and 5), in the form's own chunk
 * and its own React root: the add flow (product use-add-to-cart.ts) hands over what it needs, so a
 * product page without a form carries none of this.
 */

export interface CustomFormFlow {
  form: PurchaseCustomForm;
  productTitle: string;
  /** The add button's label, on the form's submit button too. */
  submitText: string;
  itemId: string;
  sku?: string;
  /** A cart cookie exists: what the cart holds counts against the stock. */
  hasCart: boolean;
  /** commerce checkFormProductStock for this product and purchase mode. */
  checkStock: (records: readonly StockRecord[], quantityInCart: number) => AddToCartError | null;
  /** The form is up (the add button goes back to idle, the open is tracked). */
  onOpen: () => void;
  /** Adds with the answers (the cart entry's additionalFields); `done` learns whether it went through. */
  add: (additionalFields: string, done: (ok: boolean) => void) => void;
  /** The form cannot open: the stock's error, or null when the stock could not be read. */
  fail: (error: AddToCartError | null) => void;
  /** Closed without an add, or after a successful one: focus goes back to the add button. */
  returnFocus: () => void;
}

/** Answers of an add that failed, offered again on the next try (per item). */
const keptAnswers = new Map<string, Record<string, FieldValue>>();

function CustomFormHost({ flow, remove }: { flow: CustomFormFlow; remove: () => void }) {
  const [submitting, setSubmitting] = useState(false);
  return (
    <CustomFormModal
      form={flow.form}
      productTitle={flow.productTitle}
      submitText={flow.submitText}
      initialValues={keptAnswers.get(flow.itemId)}
      submitting={submitting}
      onSubmit={(additionalFields, values) => {
        if (submitting) return;
        setSubmitting(true);
        keptAnswers.set(flow.itemId, values);
        flow.add(additionalFields, (ok) => {
          if (ok) keptAnswers.delete(flow.itemId);
          remove();
          // After a failure the alert dialog takes focus.
          if (ok) flow.returnFocus();
        });
      }}
      onClose={() => {
        if (submitting) return;
        remove();
        flow.returnFocus();
      }}
    />
  );
}

/** Checks the stock (spec 5), then opens the form; `flow.fail` when it cannot open. */
export async function openCustomForm(flow: CustomFormFlow): Promise<void> {
  let stock: Awaited<ReturnType<typeof fetchFormProductStock>>;
  try {
    stock = await fetchFormProductStock(flow.itemId, flow.sku, flow.hasCart);
  } catch {
    flow.fail(null);
    return;
  }
  const outOfStock = flow.checkStock(stock.records, stock.quantityInCart);
  if (outOfStock) {
    flow.fail(outOfStock);
    return;
  }
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const remove = () => {
    root.unmount();
    host.remove();
  };
  root.render(ownRootElement(<CustomFormHost flow={flow} remove={remove} />));
  flow.onOpen();
}
