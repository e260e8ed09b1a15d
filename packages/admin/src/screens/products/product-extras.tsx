import type { Product, ProductInput, ProductTypeName } from '../../api/admin-types.js';
import { Button, Checkbox, SelectField, TextField } from '../../ui/controls.js';
import { ImagePicker } from '../media/image-picker.js';
import type { PickedImage } from '../media/media-api.js';

/*
 * The parts of the product form beyond price and variants: images (picked from the media library), tags
 * and categories, and subscription plans (billing period, number of cycles; several plans are the
 * options a buyer chooses from).
 */

export const X = {
  images: 'Produktbilder',
  image: (n: number) => `Bild ${n}`,
  addImage: 'Bild hinzufügen',
  removeImage: (n: number) => `Bild ${n} entfernen`,
  moveImageUp: (n: number) => `Bild ${n} nach vorne`,
  altText: (n: number) => `Alternativtext von Bild ${n}`,
  tagsAndCategories: 'Schlagwörter und Kategorien',
  tags: 'Schlagwörter',
  categories: 'Kategorien',
  commaHint: 'Durch Kommas getrennt, z. B. Sommer, Baumwolle',
  subscription: 'Abonnement',
  subscribable: 'Als Abonnement verkaufen',
  subscriptionHint: 'Mehrere Pläne werden Käufern als Auswahl angeboten.',
  plan: (n: number) => `Plan ${n}`,
  every: (n: number) => `Abrechnung alle (Plan ${n})`,
  unit: (n: number) => `Zeiteinheit (Plan ${n})`,
  cycles: (n: number) => `Anzahl Abrechnungen (Plan ${n})`,
  cyclesHint: '0 = bis zur Kündigung',
  units: { WEEK: 'Wochen', MONTH: 'Monate', YEAR: 'Jahre' } as Record<Unit, string>,
  addPlan: 'Plan hinzufügen',
  removePlan: (n: number) => `Plan ${n} entfernen`,
  periodInvalid: 'Bitte gib eine ganze Zahl von 1 bis 52 ein.',
  cyclesInvalid: 'Bitte gib eine ganze Zahl von 0 bis 120 ein.',
  plansMissing: 'Ein Abonnement braucht mindestens einen Plan.',
} as const;

type Unit = 'WEEK' | 'MONTH' | 'YEAR';

interface PlanDraft {
  key: string;
  every: string;
  unit: Unit;
  cycles: string;
}

export interface ProductExtrasState {
  images: PickedImage[];
  tags: string;
  categories: string;
  subscribable: boolean;
  plans: PlanDraft[];
}

/** What the product answer carries beyond the shared Product type. */
type ProductWithExtras = Product & {
  images?: PickedImage[];
  subscription?: {
    plans: { billingPeriod: { value: number; unit: Unit }; numBillingCycles: number }[];
  } | null;
};

export type ProductInputWithExtras = ProductInput & {
  images?: PickedImage[];
  tags?: string[];
  categories?: string[];
  subscription?: {
    plans: { billingPeriod: { value: number; unit: Unit }; numBillingCycles: number }[];
  } | null;
};

let planCounter = 0;
const newPlan = (every = '1', unit: Unit = 'MONTH', cycles = '0'): PlanDraft => ({
  key: `p${++planCounter}`,
  every,
  unit,
  cycles,
});

export function extrasOf(product?: Product): ProductExtrasState {
  const p = product as ProductWithExtras | undefined;
  const plans = p?.subscription?.plans ?? [];
  return {
    images: p?.images ?? [],
    tags: (p?.tags ?? []).join(', '),
    categories: (p?.categories ?? []).join(', '),
    subscribable: plans.length > 0,
    plans:
      plans.length > 0
        ? plans.map((plan) =>
            newPlan(String(plan.billingPeriod.value), plan.billingPeriod.unit, String(plan.numBillingCycles)),
          )
        : [newPlan()],
  };
}

const words = (text: string) =>
  text
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);

/** The request fields, or the problems at their field names. */
export function extrasInput(
  state: ProductExtrasState,
  type: ProductTypeName,
  had: { subscription: boolean },
): { input: Partial<ProductInputWithExtras>; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const input: Partial<ProductInputWithExtras> = {
    images: state.images.map(({ assetUrl, altText, originalSize, mediaFocalPoint }) => ({
      assetUrl,
      altText,
      originalSize,
      mediaFocalPoint,
    })),
    tags: words(state.tags),
    categories: words(state.categories),
  };
  if (type === 'giftCard') return { input, problems };
  if (!state.subscribable) {
    if (had.subscription) input.subscription = null;
    return { input, problems };
  }
  if (state.plans.length === 0) problems.subscription = X.plansMissing;
  const plans = state.plans.map((plan, i) => {
    const every = /^\d+$/.test(plan.every.trim()) ? Number(plan.every) : Number.NaN;
    const cycles = /^\d+$/.test(plan.cycles.trim()) ? Number(plan.cycles) : Number.NaN;
    if (!(every >= 1 && every <= 52))
      problems[`subscription.plans.${i}.billingPeriod.value`] = X.periodInvalid;
    if (!(cycles >= 0 && cycles <= 120))
      problems[`subscription.plans.${i}.numBillingCycles`] = X.cyclesInvalid;
    return { billingPeriod: { value: every, unit: plan.unit }, numBillingCycles: cycles };
  });
  input.subscription = { plans };
  return { input, problems };
}

export function ProductExtras({
  state,
  onChange,
  type,
  canEdit,
  fields,
}: {
  state: ProductExtrasState;
  onChange: (next: ProductExtrasState) => void;
  type: ProductTypeName;
  canEdit: boolean;
  fields: Record<string, string | undefined>;
}) {
  const set = (changes: Partial<ProductExtrasState>) => onChange({ ...state, ...changes });
  const setImage = (i: number, image: PickedImage | null) =>
    set({
      images: image
        ? state.images.map((old, k) => (k === i ? { ...image, altText: image.altText || old.altText } : old))
        : state.images.filter((_, k) => k !== i),
    });
  const setPlan = (i: number, changes: Partial<PlanDraft>) =>
    set({ plans: state.plans.map((p, k) => (k === i ? { ...p, ...changes } : p)) });
  return (
    <>
      <fieldset className="field-group" disabled={!canEdit}>
        <legend>{X.images}</legend>
        {state.images.map((image, i) => (
          <div className="product-image" key={`${image.assetUrl}-${i}`}>
            <ImagePicker
              label={X.image(i + 1)}
              value={image}
              onChange={(picked) => setImage(i, picked)}
              error={fields[`images.${i}.assetUrl`]}
            />
            <TextField
              label={X.altText(i + 1)}
              value={image.altText}
              maxLength={250}
              onChange={(e) =>
                set({
                  images: state.images.map((old, k) => (k === i ? { ...old, altText: e.target.value } : old)),
                })
              }
              error={fields[`images.${i}.altText`]}
            />
            {i > 0 ? (
              <Button
                variant="quiet"
                onClick={() => {
                  const next = [...state.images];
                  [next[i - 1], next[i]] = [next[i]!, next[i - 1]!];
                  set({ images: next });
                }}
              >
                {X.moveImageUp(i + 1)}
              </Button>
            ) : null}
          </div>
        ))}
        {fields.images ? <span className="field-error">{fields.images}</span> : null}
        <ImagePicker
          label={X.addImage}
          value={null}
          onChange={(picked) => picked && set({ images: [...state.images, picked] })}
        />
      </fieldset>

      <fieldset className="field-group" disabled={!canEdit}>
        <legend>{X.tagsAndCategories}</legend>
        <TextField
          label={X.tags}
          hint={X.commaHint}
          value={state.tags}
          onChange={(e) => set({ tags: e.target.value })}
          error={fields.tags ?? Object.entries(fields).find(([k]) => k.startsWith('tags.'))?.[1]}
        />
        <TextField
          label={X.categories}
          hint={X.commaHint}
          value={state.categories}
          onChange={(e) => set({ categories: e.target.value })}
          error={fields.categories ?? Object.entries(fields).find(([k]) => k.startsWith('categories.'))?.[1]}
        />
      </fieldset>

      {type === 'giftCard' ? null : (
        <fieldset className="field-group" disabled={!canEdit}>
          <legend>{X.subscription}</legend>
          <Checkbox
            label={X.subscribable}
            hint={X.subscriptionHint}
            checked={state.subscribable}
            onChange={(e) => set({ subscribable: e.target.checked })}
          />
          {state.subscribable
            ? state.plans.map((plan, i) => (
                <div className="row-fields" key={plan.key}>
                  <TextField
                    label={X.every(i + 1)}
                    inputMode="numeric"
                    value={plan.every}
                    onChange={(e) => setPlan(i, { every: e.target.value })}
                    error={fields[`subscription.plans.${i}.billingPeriod.value`]}
                  />
                  <SelectField
                    label={X.unit(i + 1)}
                    value={plan.unit}
                    onChange={(e) => setPlan(i, { unit: e.target.value as Unit })}
                    error={fields[`subscription.plans.${i}.billingPeriod.unit`]}
                  >
                    {(['WEEK', 'MONTH', 'YEAR'] as Unit[]).map((unit) => (
                      <option key={unit} value={unit}>
                        {X.units[unit]}
                      </option>
                    ))}
                  </SelectField>
                  <TextField
                    label={X.cycles(i + 1)}
                    hint={X.cyclesHint}
                    inputMode="numeric"
                    value={plan.cycles}
                    onChange={(e) => setPlan(i, { cycles: e.target.value })}
                    error={fields[`subscription.plans.${i}.numBillingCycles`]}
                  />
                  {state.plans.length > 1 ? (
                    <Button
                      variant="quiet"
                      onClick={() => set({ plans: state.plans.filter((_, k) => k !== i) })}
                    >
                      {X.removePlan(i + 1)}
                    </Button>
                  ) : null}
                </div>
              ))
            : null}
          {fields.subscription ? <span className="field-error">{fields.subscription}</span> : null}
          {state.subscribable && state.plans.length < 10 ? (
            <Button onClick={() => set({ plans: [...state.plans, newPlan()] })}>{X.addPlan}</Button>
          ) : null}
        </fieldset>
      )}
    </>
  );
}
