// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, fakeApi, renderInSite, setCookie } from '../../test-kit.js';
import { ProductFilePanel } from './product-file.js';

beforeEach(() => setCookie('crumb', 'crumb-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const stored = {
  fileName: 'Handbuch.pdf',
  contentType: 'application/pdf',
  byteSize: 2_621_440,
  sha256: 'ab'.repeat(32),
  downloadLimit: 3,
  downloadDays: 14,
  updatedAt: '2026-11-27T10:00:00.000Z',
};
const path = '/sites/site-1/products/p1/file';

describe('the file of a digital product', () => {
  it('shows name, type, size and checksum of the uploaded file and its download rules', async () => {
    fakeApi({ [`GET ${path}`]: { body: { file: stored } } });
    renderInSite(<ProductFilePanel siteId="site-1" productId="p1" canEdit />);
    expect(await screen.findByText('Handbuch.pdf')).toBeTruthy();
    expect(screen.getByText('application/pdf')).toBeTruthy();
    expect(screen.getByText('2,5 MB')).toBeTruthy();
    expect(screen.getByText('ab'.repeat(32))).toBeTruthy();
    expect((screen.getByLabelText('Downloads pro Kauf') as HTMLInputElement).value).toBe('3');
    expect((screen.getByLabelText('Tage nach dem Kauf verfügbar') as HTMLInputElement).value).toBe('14');
  });

  it('uploads the chosen file as the request body and shows what the server stored', async () => {
    const api = fakeApi({
      [`GET ${path}`]: { body: { file: null } },
      [`PUT ${path}`]: { status: 201, body: { file: { ...stored, fileName: 'neu.pdf' } } },
    });
    renderInSite(<ProductFilePanel siteId="site-1" productId="p1" canEdit />);
    await screen.findByText(/Noch keine Datei hinterlegt/);
    await userEvent.upload(
      screen.getByLabelText('Datei auswählen (höchstens 200 MB)'),
      new File(['%PDF-1.4'], 'neu.pdf', { type: 'application/pdf' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Datei hochladen' }));
    expect(await screen.findByText('neu.pdf')).toBeTruthy();
    expect(screen.getByText('Gespeichert: Die Datei ist hochgeladen.')).toBeTruthy();
    const put = api.sent.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe(`${path}?filename=neu.pdf`);
    expect(put.headers['x-csrf-token']).toBe('crumb-1');
  });
});
