// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DisqusThread } from './disqus-thread.js';

const props = {
  shortname: 'meinladen',
  identifier: 'item-123',
  pageUrl: 'https://meinladen.example/journal/p/erster-beitrag',
  threadUrl: 'https://meinladen.disqus.com/',
};

const disqusScripts = () =>
  [...document.head.querySelectorAll('script')].filter((s) => s.src.includes('disqus.com'));

afterEach(() => {
  cleanup();
  for (const s of disqusScripts()) s.remove();
  delete window.disqus_config;
});

describe('Disqus comments instead of the built-in ones', () => {
  it('loads nothing from Disqus until the visitor asks; the forum link works all along', () => {
    render(<DisqusThread {...props} />);
    expect(disqusScripts()).toHaveLength(0);
    expect(
      screen.getByRole('link', { name: 'Kommentare auf Disqus lesen und schreiben' }).getAttribute('href'),
    ).toBe('https://meinladen.disqus.com/');
  });

  it('on request loads the forum’s embed script once, for this page’s thread', () => {
    render(<DisqusThread {...props} />);
    fireEvent.click(screen.getByRole('button', { name: 'Kommentare von Disqus laden' }));
    expect(disqusScripts().map((s) => s.src)).toEqual(['https://meinladen.disqus.com/embed.js']);
    expect(screen.queryByRole('button', { name: 'Kommentare von Disqus laden' })).toBeNull();
    const page: { url?: string; identifier?: string } = {};
    window.disqus_config?.call({ page });
    expect(page).toEqual({ url: props.pageUrl, identifier: 'item-123' });
  });

  it('a shortname that is no Disqus forum name never becomes a script address', () => {
    render(<DisqusThread {...props} shortname="evil.example/x" />);
    fireEvent.click(screen.getByRole('button', { name: 'Kommentare von Disqus laden' }));
    expect(disqusScripts()).toHaveLength(0);
  });
});
