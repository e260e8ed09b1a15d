// @vitest-environment happy-dom
import { DEFAULT_SITE_STYLES, SITE_TEMPLATES } from '@baukasten/commerce';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, fakeApi, renderInSite, setCookie } from '../../test-kit.js';
import { DesignScreen } from './design-screen.js';

beforeEach(() => setCookie('crumb', 'crumb-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const FONTS_UNAVAILABLE = 'Die Schriften oder die Schriftvorschau konnten nicht geladen werden.';
const fonts = [
  {
    id: 'system',
    label: 'Systemschrift',
    heading: { family: 'system-ui', fallback: 'sans-serif' },
    body: { family: 'system-ui', fallback: 'sans-serif' },
    faces: [],
  },
  {
    id: 'werkstatt',
    label: 'Fraunces & Karla',
    heading: { family: 'Fraunces', fallback: 'serif', weight: 700 },
    body: { family: 'Karla', fallback: 'sans-serif' },
    faces: [{ family: 'Karla', weight: 400, url: '/assets/fonts/karla-latin-400-abc.woff2' }],
  },
];
const designAnswer = {
  body: { styles: DEFAULT_SITE_STYLES, chosen: false, fonts, templates: SITE_TEMPLATES },
};

/** A FontFace stand-in whose files arrive (or not), as the browser's would. */
function stubFontFace(arrives: boolean) {
  const added: string[] = [];
  class FakeFontFace {
    constructor(readonly family: string) {}
    load() {
      return arrives ? Promise.resolve(this) : Promise.reject(new Error('NetworkError'));
    }
  }
  vi.stubGlobal('FontFace', FakeFontFace);
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { add: (face: FakeFontFace) => added.push(face.family) },
  });
  return added;
}

describe('the Design screen', () => {
  it('R8.7.10 says that the fonts could not be loaded when the font list does not arrive', async () => {
    fakeApi({ 'GET /sites/site-1/styles': { status: 500, body: {} } });
    renderInSite(<DesignScreen />);
    expect((await screen.findByRole('alert')).textContent).toBe(FONTS_UNAVAILABLE);
  });

  it('R8.7.10 says that a font preview could not be loaded, and shows the previews once the files arrive', async () => {
    stubFontFace(false);
    fakeApi({ 'GET /sites/site-1/styles': designAnswer });
    renderInSite(<DesignScreen />);
    expect((await screen.findByRole('alert')).textContent).toBe(FONTS_UNAVAILABLE);
    cleanup();

    const added = stubFontFace(true);
    fakeApi({ 'GET /sites/site-1/styles': designAnswer });
    renderInSite(<DesignScreen />);
    await screen.findByLabelText(/Fraunces & Karla/);
    await waitFor(() => expect(added).toEqual(['Karla']));
    expect(screen.queryByText(FONTS_UNAVAILABLE)).toBeNull();
  });

  it('checks the contrast while typing, previews only readable colours, and a template sets every choice', async () => {
    stubFontFace(true);
    const api = fakeApi({
      'GET /sites/site-1/styles': designAnswer,
      'POST /sites/site-1/styles/preview': { body: { previewUrl: 'about:blank#vorschau=t' } },
      'PATCH /sites/site-1/styles': (request) => ({ body: { styles: request.body, chosen: true } }),
    });
    renderInSite(<DesignScreen />);
    const user = userEvent.setup();
    const text = (await screen.findByLabelText('Text')) as HTMLInputElement;
    await user.clear(text);
    await user.type(text, '#bbbbbb');
    expect(screen.getByText(/^„Text“ auf „Hintergrund“ hat nur einen Kontrast von 1,9\d?:1/)).toBeTruthy();
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Die Vorschau wartet, bis alle Farben lesbar sind.')).toBeTruthy();

    await user.click(screen.getByLabelText(/^Kantine/));
    expect(text.value).toBe('#1f1300');
    expect((screen.getByLabelText('Form der Schaltflächen') as HTMLSelectElement).value).toBe('pille');
    await waitFor(() =>
      expect(screen.getByTitle('Vorschau der Startseite').getAttribute('src')).toContain('vorschau='),
    );
    const previews = api.sent.filter((r) => r.path === '/sites/site-1/styles/preview');
    expect(previews.every((r) => r.body.palette.text !== '#bbbbbb')).toBe(true);

    await user.click(screen.getByRole('button', { name: /Desktop \(1280 px\)/ }));
    expect(screen.getByRole('button', { name: /Desktop/ }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTitle('Vorschau der Startseite').getAttribute('data-preview-width')).toBe('1280');

    await user.click(screen.getByRole('button', { name: 'Design speichern' }));
    expect(await screen.findByText('Design gespeichert.')).toBeTruthy();
    expect(api.sent.find((r) => r.method === 'PATCH')?.body).toEqual(SITE_TEMPLATES[2]!.styles);
  });
  it('a ready-made dark palette sets every colour at once and is saved as it is', async () => {
    stubFontFace(true);
    const night = {
      id: 'nacht',
      label: 'Nacht (dunkel, blau)',
      dark: true,
      palette: {
        background: '#14171c',
        text: '#eef0f3',
        muted: '#a9b1bc',
        accent: '#7cb8ff',
        onAccent: '#0b1320',
      },
    };
    const api = fakeApi({
      'GET /sites/site-1/styles': { body: { ...designAnswer.body, palettes: [night] } },
      'POST /sites/site-1/styles/preview': { body: { previewUrl: 'about:blank#vorschau=t' } },
      'PATCH /sites/site-1/styles': (request) => ({ body: { styles: request.body, chosen: true } }),
    });
    renderInSite(<DesignScreen />);
    const user = userEvent.setup();
    const choice = (await screen.findByLabelText('Fertige Farbpalette')) as HTMLSelectElement;
    expect(choice.value).toBe('');
    await user.selectOptions(choice, 'nacht');
    expect((screen.getByLabelText('Hintergrund') as HTMLInputElement).value).toBe('#14171c');
    expect((screen.getByLabelText('Text') as HTMLInputElement).value).toBe('#eef0f3');
    expect(choice.value).toBe('nacht');
    // A colour changed by hand is the owner's own palette again.
    await user.type(screen.getByLabelText('Text'), '{backspace}2');
    expect(choice.value).toBe('');
    await user.selectOptions(choice, 'nacht');
    await user.click(screen.getByRole('button', { name: 'Design speichern' }));
    expect(await screen.findByText('Design gespeichert.')).toBeTruthy();
    expect(api.sent.find((r) => r.method === 'PATCH')?.body.palette).toEqual(night.palette);
  });
});
