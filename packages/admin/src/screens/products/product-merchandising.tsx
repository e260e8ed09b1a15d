import { MERCHANDISING_VIEWS } from '@baukasten/commerce';
import type { Product, ProductTypeName } from '../../api/admin-types.js';
import { Checkbox, TextArea, TextField } from '../../ui/controls.js';
import { FormPicker } from '../forms/form-picker.js';

/*
 * The product form's merchandising part (spec 3 merchandising context, R3.10.1): the restock sign-up
 * (where it shows, its texts, the mailing-list box), the scarcity note, the custom sold-out text, and
 * the additional-fields form buyers fill in before the product goes into the cart (one of the site's
 * forms; server admin/catalog/additional-fields-form.ts).
 */

export const M = {
  merchandising: 'Verkaufsförderung',
  soldOutText: 'Eigener Text für „Ausverkauft“ (optional)',
  restock: 'Benachrichtigung bei Wiederverfügbarkeit',
  restockOn: (view: string) => `Anmeldung anbieten: ${view}`,
  views: { PRODUCT_DETAIL: 'auf der Produktseite', PRODUCT_QUICK_VIEW: 'in der Schnellansicht' } as Record<
    string,
    string
  >,
  restockHint: 'Besucher hinterlassen ihre E-Mail-Adresse, wenn eine Variante ausverkauft ist.',
  cta: 'Aufforderung über dem Feld',
  placeholder: 'Platzhalter im E-Mail-Feld',
  button: 'Beschriftung der Schaltfläche',
  mailingListText: 'Text neben dem Newsletter-Kästchen',
  success: 'Danke-Text nach der Anmeldung',
  mailingList: 'Auch die Anmeldung zum Newsletter anbieten',
  mailingListDefault: 'Newsletter-Kästchen ist vorab angekreuzt',
  scarcity: 'Knappheitshinweis',
  scarcityEnabled: 'Hinweis zeigen, wenn nur noch wenige Stück da sind',
  scarcityOn: (view: string) => `Hinweis zeigen: ${view}`,
  scarcityText: 'Text des Hinweises',
  scarcityTextHint: '{qty} wird durch die verbleibende Stückzahl ersetzt, z. B. „Nur noch {qty} auf Lager“.',
  scarcityAlways: 'Hinweis auch vor der Wahl einer Variante und bei größerem Bestand zeigen',
  additionalFields: 'Zusätzliche Angaben beim Kauf',
  additionalFieldsForm: 'Formular für zusätzliche Angaben',
  additionalFieldsNone: '– Kein Formular –',
  additionalFieldsHint: 'Käufer füllen es aus, bevor das Produkt in den Warenkorb kommt (z. B. Gravurtext).',
} as const;

const VIEWS = Object.values(MERCHANDISING_VIEWS);
const MESSAGE_KEYS = [
  'CTAText',
  'placeholderText',
  'buttonText',
  'mailingListDescription',
  'successMessage',
] as const;
type MessageKey = (typeof MESSAGE_KEYS)[number];
const MESSAGE_LABELS: Record<MessageKey, string> = {
  CTAText: M.cta,
  placeholderText: M.placeholder,
  buttonText: M.button,
  mailingListDescription: M.mailingListText,
  successMessage: M.success,
};

interface Merchandising {
  restockNotificationViews: string[];
  restockNotificationMessages: Record<string, string>;
  mailingListSignUpEnabled: boolean;
  mailingListOptInByDefault: boolean;
  scarcityEnabled: boolean;
  scarcityTemplateViews: string[];
  scarcityText: string;
  scarcityShownByDefault: boolean;
  customSoldOutText: string;
}

export interface MerchandisingState extends Merchandising {
  additionalFieldsFormId: string;
  /** The form the product had when the editor opened it: only a change is sent. */
  savedFormId: string;
}

type ProductWithMerchandising = Product & {
  merchandising?: Partial<Merchandising> | null;
  additionalFieldsForm?: { id: string; name: string } | null;
};

const strings = (value: unknown) => (Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);

export function merchandisingOf(product?: Product): MerchandisingState {
  const p = product as ProductWithMerchandising | undefined;
  const m = p?.merchandising ?? {};
  const formId = p?.additionalFieldsForm?.id ?? '';
  return {
    restockNotificationViews: strings(m.restockNotificationViews),
    restockNotificationMessages: { ...(m.restockNotificationMessages ?? {}) },
    mailingListSignUpEnabled: m.mailingListSignUpEnabled === true,
    mailingListOptInByDefault: m.mailingListOptInByDefault === true,
    scarcityEnabled: m.scarcityEnabled === true,
    scarcityTemplateViews: strings(m.scarcityTemplateViews),
    scarcityText: m.scarcityText ?? '',
    scarcityShownByDefault: m.scarcityShownByDefault === true,
    customSoldOutText: m.customSoldOutText ?? '',
    additionalFieldsFormId: formId,
    savedFormId: formId,
  };
}

/** The request fields: the whole merchandising, and the additional-fields form when it changed. */
export function merchandisingInput(state: MerchandisingState): {
  merchandising: Merchandising;
  additionalFieldsFormId?: string | null;
} {
  const { additionalFieldsFormId, savedFormId, ...merchandising } = state;
  const messages = Object.fromEntries(
    Object.entries(merchandising.restockNotificationMessages)
      .map(([key, text]) => [key, text.trim()] as const)
      .filter(([, text]) => text !== ''),
  );
  const input: { merchandising: Merchandising; additionalFieldsFormId?: string | null } = {
    merchandising: {
      ...merchandising,
      restockNotificationMessages: messages,
      scarcityText: merchandising.scarcityText.trim(),
      customSoldOutText: merchandising.customSoldOutText.trim(),
    },
  };
  if (additionalFieldsFormId !== savedFormId) input.additionalFieldsFormId = additionalFieldsFormId || null;
  return input;
}

const toggle = (list: string[], value: string, on: boolean) =>
  on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);

export function ProductMerchandising({
  state,
  onChange,
  type,
  canEdit,
  fields,
}: {
  state: MerchandisingState;
  onChange: (state: MerchandisingState) => void;
  type: ProductTypeName;
  canEdit: boolean;
  fields: Record<string, string>;
}) {
  const set = (change: Partial<MerchandisingState>) => onChange({ ...state, ...change });
  // Digital goods and gift cards never sell out (spec 4): no restock, scarcity or sold-out texts.
  const runsOut = type === 'physical' || type === 'service';
  return (
    <>
      <fieldset className="field-group" disabled={!canEdit}>
        <legend>{M.additionalFields}</legend>
        <FormPicker
          label={M.additionalFieldsForm}
          noneLabel={M.additionalFieldsNone}
          value={state.additionalFieldsFormId}
          error={fields.additionalFieldsFormId}
          disabled={!canEdit}
          onChange={(additionalFieldsFormId) => set({ additionalFieldsFormId })}
        />
        <p className="muted">{M.additionalFieldsHint}</p>
      </fieldset>
      {runsOut ? (
        <fieldset className="field-group" disabled={!canEdit}>
          <legend>{M.merchandising}</legend>
          <TextField
            label={M.soldOutText}
            maxLength={500}
            value={state.customSoldOutText}
            error={fields['merchandising.customSoldOutText']}
            onChange={(e) => set({ customSoldOutText: e.target.value })}
          />
          <fieldset className="field-group">
            <legend>{M.restock}</legend>
            <p className="muted">{M.restockHint}</p>
            {VIEWS.map((view) => (
              <Checkbox
                key={view}
                label={M.restockOn(M.views[view] ?? view)}
                checked={state.restockNotificationViews.includes(view)}
                onChange={(e) =>
                  set({
                    restockNotificationViews: toggle(state.restockNotificationViews, view, e.target.checked),
                  })
                }
              />
            ))}
            {MESSAGE_KEYS.map((key) => (
              <TextField
                key={key}
                label={MESSAGE_LABELS[key]}
                maxLength={500}
                value={state.restockNotificationMessages[key] ?? ''}
                error={fields[`merchandising.restockNotificationMessages.${key}`]}
                onChange={(e) =>
                  set({
                    restockNotificationMessages: {
                      ...state.restockNotificationMessages,
                      [key]: e.target.value,
                    },
                  })
                }
              />
            ))}
            <Checkbox
              label={M.mailingList}
              checked={state.mailingListSignUpEnabled}
              onChange={(e) => set({ mailingListSignUpEnabled: e.target.checked })}
            />
            {state.mailingListSignUpEnabled ? (
              <Checkbox
                label={M.mailingListDefault}
                checked={state.mailingListOptInByDefault}
                onChange={(e) => set({ mailingListOptInByDefault: e.target.checked })}
              />
            ) : null}
          </fieldset>
          <fieldset className="field-group">
            <legend>{M.scarcity}</legend>
            <Checkbox
              label={M.scarcityEnabled}
              checked={state.scarcityEnabled}
              onChange={(e) => set({ scarcityEnabled: e.target.checked })}
            />
            {state.scarcityEnabled ? (
              <>
                {VIEWS.map((view) => (
                  <Checkbox
                    key={view}
                    label={M.scarcityOn(M.views[view] ?? view)}
                    checked={state.scarcityTemplateViews.includes(view)}
                    onChange={(e) =>
                      set({
                        scarcityTemplateViews: toggle(state.scarcityTemplateViews, view, e.target.checked),
                      })
                    }
                  />
                ))}
                <TextArea
                  label={M.scarcityText}
                  hint={M.scarcityTextHint}
                  rows={2}
                  maxLength={500}
                  value={state.scarcityText}
                  error={fields['merchandising.scarcityText']}
                  onChange={(e) => set({ scarcityText: e.target.value })}
                />
                <Checkbox
                  label={M.scarcityAlways}
                  checked={state.scarcityShownByDefault}
                  onChange={(e) => set({ scarcityShownByDefault: e.target.checked })}
                />
              </>
            ) : null}
          </fieldset>
        </fieldset>
      ) : null}
    </>
  );
}
