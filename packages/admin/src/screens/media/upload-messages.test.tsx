// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, fakeApi, renderInSite, setCookie } from '../../test-kit.js';
import { MediaLibrary } from './media-library.js';

/* What the media library says when an upload goes wrong (spec 8 editor messages). */

beforeEach(() => setCookie('crumb', 'crumb-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText('Bild hochladen'), { target: { files: [file] } });
const photo = () => new File(['jpeg-bytes'], 'sommer.jpg', { type: 'image/jpeg' });

async function libraryUploading(answer: { status?: number; body?: unknown }) {
  const api = fakeApi({
    'GET /sites/site-1/media': { body: { media: [], total: 0 } },
    'POST /sites/site-1/media': answer,
  });
  renderInSite(<MediaLibrary />);
  await screen.findByText('Noch keine Bilder hochgeladen.');
  return api;
}

describe('upload messages', () => {
  it('R8.7.5 an upload that fails without a reason says the upload failed', async () => {
    await libraryUploading({ status: 500 });
    choose(photo());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Das Hochladen der Datei ist fehlgeschlagen.',
    );
    expect(screen.getByText('Noch keine Bilder hochgeladen.')).toBeTruthy();
  });

  it('R8.7.6 a file whose name no file can carry cannot be uploaded, and is not sent', async () => {
    const api = await libraryUploading({ status: 201 });
    choose(new File(['jpeg-bytes'], 'urlaub/strand.jpg', { type: 'image/jpeg' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Diese Datei kann nicht hochgeladen oder umbenannt werden: Der Name darf weder Schrägstriche noch Steuerzeichen enthalten.',
    );
    expect(api.sent.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('R8.7.7 a file the server could not process shows the server’s message', async () => {
    await libraryUploading({
      status: 422,
      body: {
        error: {
          type: 'PROCESSING_FAILED',
          message: 'Die Verarbeitung der Datei ist fehlgeschlagen oder wurde abgebrochen.',
        },
      },
    });
    choose(photo());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Die Verarbeitung der Datei ist fehlgeschlagen oder wurde abgebrochen.',
    );
  });

  it('R8.7.8 an upload answered without the stored image says the job request gave no response data', async () => {
    await libraryUploading({ status: 201, body: {} });
    choose(photo());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Der Auftrag hat keine Antwortdaten geliefert. Bitte lade die Seite neu und prüfe, ob das Bild da ist.',
    );
    expect(screen.queryByText('„sommer.jpg“ wurde hochgeladen.')).toBeNull();
  });
});
