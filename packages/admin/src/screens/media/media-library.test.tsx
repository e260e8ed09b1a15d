// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, fakeApi, renderInSite, setCookie, testSite } from '../../test-kit.js';
import { ImagePicker } from './image-picker.js';
import { MediaLibrary } from './media-library.js';

beforeEach(() => setCookie('crumb', 'crumb-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const item = (id: string, filename: string, altText = '') => ({
  id,
  filename,
  contentType: 'image/jpeg',
  width: 1200,
  height: 800,
  byteSize: 1000,
  altText,
  focalPoint: { x: 0.5, y: 0.5 },
  variants: ['100w', '300w', '500w', '750w', '1000w'],
  createdAt: 0,
  assetUrl: `/media/${id}/${filename}`,
  image: {
    assetUrl: `/media/${id}/${filename}`,
    altText,
    originalSize: '1200x800',
    mediaFocalPoint: { x: 0.5, y: 0.5 },
    systemDataVariants: '100w,300w,500w,750w,1000w',
  },
});

const ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText('Bild hochladen'), { target: { files: [file] } });

describe('media library', () => {
  it('R5.12.7 R5.12.8 refuses a file too large or of another type before sending it', async () => {
    const api = fakeApi({ 'GET /sites/site-1/media': { body: { media: [], total: 0 } } });
    renderInSite(<MediaLibrary />);
    expect(await screen.findByText('Noch keine Bilder hochgeladen.')).toBeTruthy();
    choose(new File(['x'], 'notiz.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Dieser Dateityp wird nicht unterstützt. Erlaubt sind Bilder im Format JPEG, PNG, WebP und GIF.',
    );
    const big = new File(['x'], 'riesig.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    choose(big);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Die Datei ist zu groß. Erlaubt sind höchstens 20 MB.',
    );
    expect(api.sent.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('uploads the file itself with its name and the crumb, and shows it first', async () => {
    const api = fakeApi({
      'GET /sites/site-1/media': { body: { media: [item('bbbbbbbbbbbbbbbbbbbbbbbb', 'alt.jpg')], total: 1 } },
      'POST /sites/site-1/media': { status: 201, body: { media: item(ID, 'sommer.jpg') } },
    });
    renderInSite(<MediaLibrary />);
    await screen.findByText('alt.jpg');
    choose(new File(['jpeg-bytes'], 'Sommer.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('„sommer.jpg“ wurde hochgeladen.')).toBeTruthy();
    const post = api.sent.find((r) => r.method === 'POST')!;
    expect(post.path).toBe('/sites/site-1/media?filename=Sommer.jpg');
    expect(post.headers['content-type']).toBe('image/jpeg');
    expect(post.headers['x-csrf-token']).toBe('crumb-1');
    const names = screen.getAllByText(/\.jpg$/, { selector: '.media-card__name' }).map((n) => n.textContent);
    expect(names).toEqual(['sommer.jpg', 'alt.jpg']);
    // Thumbnails come from the editor's own address.
    expect(document.querySelector('.media-card img')!.getAttribute('src')).toBe(
      `/api/admin/sites/site-1/media/${ID}/file?format=300w`,
    );
  });

  it('saves alt text and focal point', async () => {
    const api = fakeApi({
      'GET /sites/site-1/media': { body: { media: [item(ID, 'sommer.jpg')], total: 1 } },
      [`PATCH /sites/site-1/media/${ID}`]: (req) => ({
        body: { media: { ...item(ID, 'sommer.jpg', req.body.altText) } },
      }),
    });
    renderInSite(<MediaLibrary />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Alternativtext'), 'Ein Strand');
    const x = screen.getByLabelText('Fokus waagerecht (0–1)');
    await user.clear(x);
    await user.type(x, '0.25');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Gespeichert.')).toBeTruthy();
    expect(api.sent.find((r) => r.method === 'PATCH')!.body).toEqual({
      altText: 'Ein Strand',
      focalPoint: { x: 0.25, y: 0.5 },
    });
  });

  it('a viewer sees the images but cannot upload or change them', async () => {
    fakeApi({ 'GET /sites/site-1/media': { body: { media: [item(ID, 'sommer.jpg')], total: 1 } } });
    renderInSite(<MediaLibrary />, testSite({ roles: [10] }));
    await screen.findByText('sommer.jpg');
    expect(screen.queryByLabelText('Bild hochladen')).toBeNull();
    expect(screen.queryByLabelText('Alternativtext')).toBeNull();
  });
});

describe('image picker', () => {
  it('hands over the chosen image in the shape of spec 3 (R3.19.1)', async () => {
    fakeApi({ 'GET /sites/site-1/media': { body: { media: [item(ID, 'sommer.jpg', 'Strand')], total: 1 } } });
    const onChange = vi.fn();
    renderInSite(<ImagePicker label="Bild" value={null} onChange={onChange} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Bild auswählen' }));
    await user.click(await screen.findByRole('button', { name: '„sommer.jpg“ verwenden' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.calls[0]![0]).toMatchObject({
      assetUrl: `/media/${ID}/sommer.jpg`,
      altText: 'Strand',
      originalSize: '1200x800',
      mediaFocalPoint: { x: 0.5, y: 0.5 },
    });
  });
});
