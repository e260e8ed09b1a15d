// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, fakeApi, renderInSite, setCookie } from '../../test-kit.js';
import { BasePricePanel } from './base-price-panel.js';

beforeEach(() => setCookie('crumb', 'crumb-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const path = '/sites/site-1/products/p1/unit-contents';
const UNITS = ['g', 'kg', 'ml', 'cl', 'l', 'cm', 'm', 'm²', 'm³'];
const stored = {
  units: UNITS,
  variants: [
    { id: 'v1', sku: 'KAFFEE-250', attributes: { Größe: '250 g' }, unitContent: { amount: 250, unit: 'g' } },
    { id: 'v2', sku: 'KAFFEE-1000', attributes: { Größe: '1 kg' }, unitContent: null },
    { id: 'v3', sku: 'OEL', attributes: { Größe: 'Flasche' }, unitContent: { amount: 0.75, unit: 'l' } },
  ],
};
const prices = { v1: 990, v2: 3490, v3: 899 };
const panel = () =>
  renderInSite(<BasePricePanel siteId="site-1" productId="p1" currency="EUR" prices={prices} canEdit />);
const variantGroup = (name: string) => screen.getByRole('group', { name: new RegExp(name) });
const plain = (text: string | null) => text?.replace(/\u00a0/g, ' ');

describe('§ 4 PAngV: the Grundpreis of each variant in the product editor', () => {
  it('shows each variant with its content in German (decimal comma) and the Grundpreis the shop will show', async () => {
    fakeApi({ [`GET ${path}`]: { body: stored } });
    panel();
    await screen.findByRole('heading', { name: 'Grundpreis' });
    const small = variantGroup('250 g');
    expect((within(small).getByLabelText(/Menge/) as HTMLInputElement).value).toBe('250');
    expect((within(small).getByLabelText('Einheit') as HTMLSelectElement).value).toBe('g');
    expect(plain(within(small).getByText(/Grundpreis im Laden/).textContent)).toBe(
      'Grundpreis im Laden: 250 g (39,60 € / 1 kg)',
    );
    expect((within(variantGroup('Flasche')).getByLabelText(/Menge/) as HTMLInputElement).value).toBe('0,75');
    // Sold by the piece so far: empty fields, no Grundpreis.
    const big = variantGroup('1 kg');
    expect((within(big).getByLabelText(/Menge/) as HTMLInputElement).value).toBe('');
    expect(within(big).queryByText(/Grundpreis im Laden/)).toBeNull();
  });

  it('saves the amounts as typed, per variant, and says so', async () => {
    const api = fakeApi({
      [`GET ${path}`]: { body: stored },
      [`PATCH ${path}`]: {
        body: {
          ...stored,
          variants: stored.variants.map((v) =>
            v.id === 'v2' ? { ...v, unitContent: { amount: 1, unit: 'kg' } } : v,
          ),
        },
      },
    });
    panel();
    await screen.findByRole('heading', { name: 'Grundpreis' });
    const big = variantGroup('1 kg');
    await userEvent.type(within(big).getByLabelText(/Menge/), '1');
    await userEvent.selectOptions(within(big).getByLabelText('Einheit'), 'kg');
    expect(plain(within(big).getByText(/Grundpreis im Laden/).textContent)).toContain(
      '1 kg (34,90 € / 1 kg)',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Grundpreis speichern' }));
    expect(await screen.findByText(/Gespeichert: Der Laden zeigt den Grundpreis/)).toBeTruthy();
    const sent = api.sent.find((r) => r.method === 'PATCH')!;
    expect(sent.body).toEqual({
      variants: [
        { id: 'v1', amount: '250', unit: 'g' },
        { id: 'v2', amount: '1', unit: 'kg' },
        { id: 'v3', amount: '0,75', unit: 'l' },
      ],
    });
    expect(sent.headers['x-csrf-token']).toBe('crumb-1');
  });

  it('explains a dot as decimal separator and a missing unit in German at the field, and sends nothing', async () => {
    const api = fakeApi({ [`GET ${path}`]: { body: stored } });
    panel();
    await screen.findByRole('heading', { name: 'Grundpreis' });
    const bottle = variantGroup('Flasche');
    const amount = within(bottle).getByLabelText(/Menge/);
    await userEvent.clear(amount);
    await userEvent.type(amount, '0.5');
    const big = variantGroup('1 kg');
    await userEvent.type(within(big).getByLabelText(/Menge/), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Grundpreis speichern' }));
    expect(screen.getByRole('alert').textContent).toBe('Bitte prüfe die markierten Angaben.');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(within(bottle).getByText(/mit Komma, ohne Tausenderpunkt/)).toBeTruthy();
    expect(within(big).getByText('Bitte wähle die Einheit zur Menge.')).toBeTruthy();
    expect(api.sent.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it("shows the server's German message at the field it names", async () => {
    fakeApi({
      [`GET ${path}`]: { body: stored },
      [`PATCH ${path}`]: {
        status: 400,
        body: {
          error: {
            type: 'INVALID_INPUT',
            message: 'Diese Variante gibt es nicht mehr. Bitte lade die Seite neu.',
            fields: { 'variants.1.id': 'Diese Variante gibt es nicht mehr. Bitte lade die Seite neu.' },
          },
        },
      },
    });
    panel();
    await screen.findByRole('heading', { name: 'Grundpreis' });
    await userEvent.click(screen.getByRole('button', { name: 'Grundpreis speichern' }));
    expect(await within(variantGroup('1 kg')).findByText(/Variante gibt es nicht mehr/)).toBeTruthy();
  });
});
