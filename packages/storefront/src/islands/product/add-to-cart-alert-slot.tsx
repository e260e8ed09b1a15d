import type { AddToCartError } from '@baukasten/commerce';
import { type ComponentType, useEffect, useState } from 'react';

type AlertComponent = ComponentType<{ error: AddToCartError; onClose: () => void }>;

/**
 * The alert dialog is its own chunk: most shoppers never see it, and it only ever follows a click. Once
 * loaded it renders at once.
 */
let loadedAlert: AlertComponent | null = null;
let loading: Promise<AlertComponent> | null = null;

export function loadAddToCartAlert(): Promise<AlertComponent> {
  loading ??= import('./add-to-cart-alert.js').then((m) => {
    loadedAlert = m.AddToCartAlert;
    return m.AddToCartAlert;
  });
  return loading;
}

/** The add-to-cart alert of a purchase form while it has an error to show (spec 2 and 8). */
export function AddToCartAlertSlot({
  error,
  onClose,
}: {
  error: AddToCartError | null;
  onClose: () => void;
}) {
  const [Alert, setAlert] = useState<AlertComponent | null>(() => loadedAlert);
  useEffect(() => {
    if (!error || Alert) return;
    let current = true;
    loadAddToCartAlert().then(
      (component) => current && setAlert(() => component),
      () => {
        // Without its chunk the shopper still learns what went wrong.
        if (current) window.alert(`${error.title}\n\n${error.message}`);
      },
    );
    return () => {
      current = false;
    };
  }, [error, Alert]);
  if (!error || !Alert) return null;
  return <Alert error={error} onClose={onClose} />;
}
