import { type FormEvent, useState } from 'react';
import { pages as pagesApi, products as productsApi } from '../../api/admin-api.js';
import type { Product, ProductInput, ProductTypeName, VariantChange } from '../../api/admin-types.js';
import { t } from '../../messages.js';
import { Link, navigate } from '../../routing/router.js';
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
  TextArea,
  TextField,
} from '../../ui/controls.js';
import { amountText, parseAmount } from '../../ui/format.js';
import { PageTitle } from '../../ui/page-title.js';
import { BasePricePanel } from './base-price-panel.js';
import { extrasInput, extrasOf, ProductExtras } from './product-extras.js';
import { ProductFilePanel } from './product-file.js';
import { merchandisingInput, merchandisingOf, ProductMerchandising } from './product-merchandising.js';
import { TaxClassPanel } from './tax-class-panel.js';
import {
  gridSize,
  MAX_VARIANTS,
  type OptionDraft,
  optionsOf,
  regrid,
  rowsOfProduct,
  type VariantRow,
  valuesOf,
} from './variant-grid.js';
import { VariantTable } from './variant-table.js';
import { WithdrawalExclusion } from './withdrawal-exclusion.js';

/*
 * /produkte/neu and /produkte/:productId — a product's type, texts, options and the grid of variants
 * they make, each with price, sale price, stock and SKU; gift cards have amounts instead of options.
 */

const TYPES: ProductTypeName[] = ['physical', 'digital', 'service', 'giftCard'];
const alwaysUnlimited = (type: ProductTypeName) => type === 'digital' || type === 'giftCard';

let optionCounter = 0;
const optionKey = () => `o${++optionCounter}`;

export interface ProductFormProps {
  /** The product being changed; absent for a new one. */
  product?: Product;
  /** Products pages a new product can go on. */
  productPages: { id: string; title: string }[];
  currency: string;
  canEdit: boolean;
  onSaved: (product: Product) => void;
  onDeleted?: () => void;
  /** Loads the product anew (after someone else changed it); the form starts over from that version. */
  onReload?: () => void;
}

/** Shown with the server's PRODUCT_CHANGED message (409): start over from the other owner's version. */
const RELOAD_LATEST = 'Neueste Fassung laden';

export function ProductForm({
  product,
  productPages,
  currency,
  canEdit,
  onSaved,
  onDeleted,
  onReload,
}: ProductFormProps) {
  const { site } = useSite();
  const action = useAction();
  const [type, setType] = useState<ProductTypeName>(product?.productType ?? 'physical');
  const [title, setTitle] = useState(product?.title ?? '');
  const [collectionId, setCollectionId] = useState(product?.collectionId ?? productPages[0]?.id ?? '');
  const [excerpt, setExcerpt] = useState(product?.excerpt ?? '');
  const [body, setBody] = useState(product?.body ?? '');
  const [buttonText, setButtonText] = useState(product?.addButtonText ?? '');
  const [basePrice, setBasePrice] = useState(() => {
    const first = product?.variants[0];
    return first ? amountText(first.priceMinor, currency) : '';
  });
  const [giftAmounts, setGiftAmounts] = useState(
    (product?.giftCardAmountsMinor ?? []).map((a) => amountText(a, currency)).join(', '),
  );
  const [options, setOptions] = useState<OptionDraft[]>(() =>
    product && product.productType !== 'giftCard'
      ? product.options.map((o) => ({ key: optionKey(), name: o.name, values: o.values.join(', ') }))
      : [],
  );
  const [rows, setRows] = useState<VariantRow[]>(() =>
    product
      ? rowsOfProduct(product.options, product.variants, currency)
      : regrid([], [], { price: '', stock: '0', unlimited: false }),
  );
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [note, setNote] = useState('');
  // Images, tags, categories and subscription plans (product-extras.tsx).
  const [extras, setExtras] = useState(() => extrasOf(product));
  // Restock, scarcity and sold-out texts, additional-fields form (product-merchandising.tsx).
  const [merch, setMerch] = useState(() => merchandisingOf(product));
  // The version this form started from (and, after a save, the saved one): the server refuses a save with
  // 409 PRODUCT_CHANGED when someone else saved the product in between, instead of undoing their change.
  const [baseVersion, setBaseVersion] = useState(product?.updatedAt);

  const parsedOptions = optionsOf(options);
  const size = gridSize(parsedOptions);
  const tooMany = size > MAX_VARIANTS;
  // New rows leave the price empty: an empty price is the product's price (shown as placeholder).
  const defaults = { price: '', stock: '0', unlimited: alwaysUnlimited(type) };

  const changeOptions = (next: OptionDraft[]) => {
    setOptions(next);
    const parsed = optionsOf(next);
    if (gridSize(parsed) <= MAX_VARIANTS) setRows((current) => regrid(parsed, current, defaults));
  };
  const changeRow = (index: number, change: Partial<VariantRow>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)));

  /** The request, or the problems that keep it from being sent. */
  const build = (): { input?: ProductInput; problems: Record<string, string> } => {
    const found: Record<string, string> = {};
    if (!title.trim()) found.title = 'Bitte gib dem Produkt einen Namen.';
    if (!product && !collectionId) found.collectionId = t.noProductPage;
    const input: ProductInput = {
      productType: type,
      title: title.trim(),
      excerpt,
      body,
      addButtonText: buttonText.trim() === '' ? null : buttonText.trim(),
    };
    if (!product) input.collectionId = collectionId;
    const more = extrasInput(extras, type, { subscription: extrasOf(product).subscribable });
    Object.assign(input, merchandisingInput(merch));
    Object.assign(input, more.input);
    Object.assign(found, more.problems);
    if (type === 'giftCard') {
      const amounts = valuesOf(giftAmounts).map((text) => parseAmount(text, currency));
      if (amounts.length === 0 || amounts.some((a) => a === null || a === 0))
        found.giftCardAmountsMinor = t.amountInvalid;
      else input.giftCardAmountsMinor = amounts as number[];
      return { input, problems: found };
    }
    const base = parseAmount(basePrice, currency);
    if (!product) {
      if (base === null) found.priceMinor = t.amountInvalid;
      else input.priceMinor = base;
    }
    if (tooMany) found.options = t.tooManyVariants(MAX_VARIANTS);
    input.options = parsedOptions;
    const variants: VariantChange[] = rows.map((row, i) => {
      const price = row.price.trim() === '' ? base : parseAmount(row.price, currency);
      const sale = row.salePrice.trim() === '' ? 0 : parseAmount(row.salePrice, currency);
      if (price === null) found[`variants.${i}.priceMinor`] = t.amountInvalid;
      if (sale === null) found[`variants.${i}.salePriceMinor`] = t.amountInvalid;
      const change: VariantChange = {
        attributes: row.attributes,
        priceMinor: price ?? 0,
        salePriceMinor: sale ?? 0,
        onSale: row.onSale,
      };
      if (row.sku.trim()) change.sku = row.sku.trim();
      if (!alwaysUnlimited(type) && (!row.id || row.stockTouched)) {
        const stock = /^\d+$/.test(row.stock.trim()) ? Number(row.stock.trim()) : Number.NaN;
        if (!row.unlimited && Number.isNaN(stock))
          found[`variants.${i}.qtyInStock`] = 'Bitte gib eine ganze Zahl ein.';
        change.unlimited = row.unlimited;
        if (!Number.isNaN(stock)) change.qtyInStock = stock;
      }
      return change;
    });
    input.variants = variants;
    return { input, problems: found };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNote('');
    const { input, problems: found } = build();
    setProblems(found);
    if (!input || Object.keys(found).length > 0) return;
    const versioned: ProductInput & { expectedUpdatedAt?: number } = { ...input };
    if (baseVersion !== undefined) versioned.expectedUpdatedAt = baseVersion;
    const answer = await action.run(() =>
      product ? productsApi.update(site.id, product.id, versioned) : productsApi.create(site.id, input),
    );
    if (answer) {
      setBaseVersion(answer.product.updatedAt);
      setNote(t.productSaved);
      setRows(rowsOfProduct(answer.product.options, answer.product.variants, currency));
      onSaved(answer.product);
    }
  };

  const remove = async () => {
    if (product && (await action.run(() => productsApi.delete(site.id, product.id)))) onDeleted?.();
  };

  const fields = { ...action.error?.fields, ...problems };
  const showStock = !alwaysUnlimited(type);

  return (
    <form className="form card product-form" onSubmit={submit} noValidate>
      <ErrorBox error={action.error} />
      {action.error?.type === 'PRODUCT_CHANGED' && onReload ? (
        <p>
          <Button onClick={onReload}>{RELOAD_LATEST}</Button>
        </p>
      ) : null}
      <fieldset className="field-group" disabled={!canEdit}>
        <legend>{t.general}</legend>
        <SelectField
          label={t.productType}
          value={type}
          onChange={(e) => setType(e.target.value as ProductTypeName)}
          error={fields.productType}
        >
          {TYPES.map((name) => (
            <option key={name} value={name}>
              {t.productTypes[name]}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t.productTitle}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          error={fields.title}
        />
        {!product ? (
          productPages.length === 0 ? (
            <ErrorBox error={t.noProductPage} />
          ) : (
            <SelectField
              label={t.productPage}
              value={collectionId}
              onChange={(e) => setCollectionId(e.target.value)}
              error={fields.collectionId}
            >
              {productPages.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                </option>
              ))}
            </SelectField>
          )
        ) : null}
        <TextArea
          label={t.excerpt}
          rows={2}
          value={excerpt}
          onChange={(e) => setExcerpt(e.target.value)}
          error={fields.excerpt}
        />
        <TextArea
          label={t.description}
          rows={5}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          error={fields.body}
        />
        <TextField
          label={t.buttonText}
          value={buttonText}
          maxLength={60}
          onChange={(e) => setButtonText(e.target.value)}
          error={fields.addButtonText}
        />
      </fieldset>

      <ProductExtras state={extras} onChange={setExtras} type={type} canEdit={canEdit} fields={fields} />
      <ProductMerchandising state={merch} onChange={setMerch} type={type} canEdit={canEdit} fields={fields} />

      {type === 'giftCard' ? (
        <fieldset className="field-group" disabled={!canEdit}>
          <legend>{t.variants}</legend>
          <TextField
            label={`${t.giftCardAmounts} (${currency})`}
            hint="z. B. 25, 50, 100"
            value={giftAmounts}
            onChange={(e) => setGiftAmounts(e.target.value)}
            error={fields.giftCardAmountsMinor}
          />
          <p className="muted">{t.alwaysUnlimited}</p>
        </fieldset>
      ) : (
        <>
          <fieldset className="field-group" disabled={!canEdit}>
            <legend>{t.options}</legend>
            <p className="muted">{t.optionsHint}</p>
            {options.map((option, i) => (
              <div className="row-fields" key={option.key}>
                <TextField
                  label={t.optionName(i + 1)}
                  value={option.name}
                  onChange={(e) =>
                    changeOptions(options.map((o, k) => (k === i ? { ...o, name: e.target.value } : o)))
                  }
                />
                <TextField
                  label={t.optionValues(i + 1)}
                  value={option.values}
                  onChange={(e) =>
                    changeOptions(options.map((o, k) => (k === i ? { ...o, values: e.target.value } : o)))
                  }
                  error={fields[`options.${i}.values`] ?? fields[`options.${i}.name`]}
                />
                <Button variant="quiet" onClick={() => changeOptions(options.filter((_, k) => k !== i))}>
                  {t.removeOption(i + 1)}
                </Button>
              </div>
            ))}
            {fields.options ? <span className="field-error">{fields.options}</span> : null}
            {options.length < 6 ? (
              <Button onClick={() => changeOptions([...options, { key: optionKey(), name: '', values: '' }])}>
                {t.addOption}
              </Button>
            ) : null}
          </fieldset>

          <fieldset className="field-group" disabled={!canEdit}>
            <legend>{t.variants}</legend>
            <div className="row-fields">
              <TextField
                label={`${t.basePrice} (${currency})`}
                inputMode="decimal"
                value={basePrice}
                onChange={(e) => setBasePrice(e.target.value)}
                error={fields.priceMinor}
              />
              <Button
                onClick={() => setRows((current) => current.map((row) => ({ ...row, price: basePrice })))}
              >
                {t.applyToAll}
              </Button>
            </div>
            {!showStock ? <p className="muted">{t.alwaysUnlimited}</p> : null}
            {tooMany ? (
              <p className="field-error" role="alert">
                {t.tooManyVariants(MAX_VARIANTS)}
              </p>
            ) : (
              <VariantTable
                rows={rows}
                basePrice={basePrice}
                currency={currency}
                showStock={showStock}
                fields={fields}
                onChangeRow={changeRow}
              />
            )}
          </fieldset>
        </>
      )}

      {canEdit ? (
        <div className="form-actions">
          <Button
            type="submit"
            variant="primary"
            busy={action.busy}
            disabled={!product && productPages.length === 0}
          >
            {action.busy ? t.saving : t.save}
          </Button>
          {product ? <ConfirmButton label={t.deleteProduct} onConfirm={remove} busy={action.busy} /> : null}
        </div>
      ) : null}
      <StatusMessage>{note}</StatusMessage>
    </form>
  );
}

/** The products pages of the site: from the pages list, or, for roles that may not read pages, from the products. */
async function productPagesOf(siteId: string): Promise<{ id: string; title: string }[]> {
  try {
    const { collections } = await pagesApi.list(siteId);
    return collections.filter((c) => c.type === 'products').map((c) => ({ id: c.id, title: c.title }));
  } catch {
    const { products } = await productsApi.list(siteId, { limit: 200 });
    const ids = [...new Set(products.map((p) => p.collectionId))];
    return ids.map((id, i) => ({ id, title: `${t.productPage} ${i + 1}` }));
  }
}

export function ProductEditor({ productId }: { productId?: string }) {
  const { site, can } = useSite();
  // The same editor stays mounted from /produkte/neu to the new product's address, so it can say so.
  const [createdId, setCreatedId] = useState<string>();
  const loaded = useLoad(
    async () => ({
      product: productId ? (await productsApi.get(site.id, productId)).product : undefined,
      productPages: productId ? [] : await productPagesOf(site.id),
    }),
    [site.id, productId],
  );
  if (isMissingRoute(loaded.error)) return <NotAvailable title={t.productsTitle} />;
  const product = loaded.data?.product;
  return (
    <div>
      <p>
        <Link to={paths.products(site.id)}>← {t.backToProducts}</Link>
      </p>
      <PageTitle text={product?.title ?? t.newProduct}>{product?.title ?? t.newProduct}</PageTitle>
      <ErrorBox error={loaded.error} />
      {createdId && createdId === productId ? (
        <p className="status-message" role="status">
          {t.productSaved}
        </p>
      ) : null}
      {loaded.loading && !loaded.data ? <Loading /> : null}
      {loaded.data && !loaded.loading ? (
        <ProductForm
          key={product?.id ?? 'new'}
          product={product}
          productPages={loaded.data.productPages}
          currency={site.currency}
          canEdit={can('commerce.products')}
          onSaved={(saved) => {
            if (!product) {
              setCreatedId(saved.id);
              navigate(paths.product(site.id, saved.id), { replace: true });
            } else loaded.set({ ...loaded.data!, product: saved });
          }}
          onDeleted={() => navigate(paths.products(site.id))}
          onReload={loaded.reload}
        />
      ) : null}
      {product?.productType === 'digital' ? (
        <ProductFilePanel siteId={site.id} productId={product.id} canEdit={can('commerce.products')} />
      ) : null}
      {product?.productType === 'physical' ? (
        // Keyed by the variants, so a save that added or removed one loads the contents anew.
        <BasePricePanel
          key={product.variants.map((v) => v.id).join(',')}
          siteId={site.id}
          productId={product.id}
          currency={site.currency}
          prices={Object.fromEntries(
            product.variants.map((v) => [v.id, v.onSale ? v.salePriceMinor : v.priceMinor]),
          )}
          canEdit={can('commerce.products')}
        />
      ) : null}
      {product ? (
        <WithdrawalExclusion siteId={site.id} productId={product.id} canEdit={can('commerce.products')} />
      ) : null}
      {product && can('commerce.settings') ? (
        <TaxClassPanel siteId={site.id} productId={product.id} canEdit={can('commerce.settings')} />
      ) : null}
    </div>
  );
}
