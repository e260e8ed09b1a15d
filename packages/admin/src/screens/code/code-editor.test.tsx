// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, fakeApi, renderInSite, setCookie, testSite } from '../../test-kit.js';
import { CodeEditor } from './code-editor.js';

beforeEach(() => setCookie('crumb', 'crumb-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const files = {
  files: [
    { file: 'site.jsont', kind: 'template', overridden: false, updatedAt: null },
    { file: 'theme.css', kind: 'css', overridden: true, updatedAt: 1 },
  ],
};
const cssFile = {
  file: 'theme.css',
  kind: 'css',
  source: 'body { color: black; }',
  overridden: true,
  updatedAt: 1,
};
const layout = {
  file: 'site.jsont',
  kind: 'template',
  source: '<p>{title}</p>',
  overridden: false,
  updatedAt: null,
};

describe('theme code editor', () => {
  it('R8.6 shows the parser’s problems with line and column while typing, and refuses to save them', async () => {
    const problem = { line: 2, column: 1, message: 'Unbekannter Formatierer „nofmt“.' };
    const api = fakeApi({
      'GET /sites/site-1/theme/files': { body: files },
      'GET /sites/site-1/theme/file': (req) => ({ body: req.path.includes('site.jsont') ? layout : cssFile }),
      'POST /sites/site-1/theme/check': { body: { problems: [problem] } },
      'PATCH /sites/site-1/theme/file': {
        status: 400,
        body: {
          error: {
            type: 'INVALID_THEME_CODE',
            message: 'Die Vorlage enthält einen Fehler und wurde nicht gespeichert.',
            fields: { source: 'Zeile 2, Spalte 1: Unbekannter Formatierer „nofmt“.' },
            problems: [problem],
          },
        },
      },
    });
    renderInSite(<CodeEditor />);
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Datei'), 'site.jsont');
    const source = await screen.findByLabelText(/Inhalt von site\.jsont/);
    await user.type(source, '\n{{title|nofmt}');
    expect(
      await screen.findByText('Zeile 2, Spalte 1: Unbekannter Formatierer „nofmt“.', {}, { timeout: 2000 }),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.sent.some((r) => r.method === 'PATCH')).toBe(true));
    expect(await screen.findByText('1 Fehler gefunden:')).toBeTruthy();
    expect(screen.queryByText(/Gespeichert\./)).toBeNull();
    expect(api.sent.find((r) => r.method === 'PATCH')!.body).toEqual({
      file: 'site.jsont',
      source: '<p>{title}</p>\n{title|nofmt}',
    });
  });

  it('saves, previews with unsaved code and reverts a file to the default', async () => {
    const api = fakeApi({
      'GET /sites/site-1/theme/files': { body: files },
      'GET /sites/site-1/theme/file': { body: cssFile },
      'POST /sites/site-1/theme/check': { body: { problems: [] } },
      'PATCH /sites/site-1/theme/file': (req) => ({ body: { ...cssFile, source: req.body.source } }),
      'POST /sites/site-1/theme/preview': {
        body: { previewUrl: 'http://laden.localhost:3000/?vorschau=abc' },
      },
      'DELETE /sites/site-1/theme/file': { body: { ...cssFile, source: 'default', overridden: false } },
    });
    renderInSite(<CodeEditor />);
    const user = userEvent.setup();
    const source = await screen.findByLabelText(/Inhalt von theme\.css/);
    await user.clear(source);
    await user.type(source, 'h1 {{ color: red; }');
    await user.click(screen.getByRole('button', { name: 'Vorschau' }));
    const frame = await screen.findByTitle('Vorschau mit ungespeicherten Änderungen');
    expect(frame.getAttribute('src')).toBe('http://laden.localhost:3000/?vorschau=abc');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Gespeichert. Die Website zeigt die Änderung sofort.')).toBeTruthy();
    expect(api.sent.find((r) => r.method === 'PATCH')!.body).toEqual({
      file: 'theme.css',
      source: 'h1 { color: red; }',
    });

    await user.click(screen.getByRole('button', { name: 'Auf Standard zurücksetzen' }));
    await user.click(screen.getAllByRole('button', { name: 'Auf Standard zurücksetzen' }).at(-1)!);
    expect(await screen.findByText('Die Datei ist wieder die des Standard-Themes.')).toBeTruthy();
    expect(api.sent.find((r) => r.method === 'DELETE')!.path).toBe('/sites/site-1/theme/file?file=theme.css');
  });

  it('R8.7.11 says code editing is not available on Android', async () => {
    fakeApi({
      'GET /sites/site-1/theme/files': { body: files },
      'GET /sites/site-1/theme/file': { body: cssFile },
    });
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Linux; Android 14)');
    renderInSite(<CodeEditor />, testSite());
    expect(
      await screen.findByText('Die Code-Bearbeitung ist auf Android-Geräten nicht verfügbar.'),
    ).toBeTruthy();
  });
});
