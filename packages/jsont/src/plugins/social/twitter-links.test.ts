import { describe, expect, it } from 'vitest';
import { activateTwitterLinks } from './twitter-links.js';

const url = (href: string) => `<a target="new" href="${href}">${href}</a>`;
const mention = (name: string) => `<a target="new" href="https://twitter.com/${name}/">@${name}</a>`;
const hashtag = (tag: string) =>
  `<a target="new" href="https://twitter.com/hashtag/${tag}?src=hash">#${tag}</a>`;

describe('activate-twitter-links', () => {
  it('links URLs of the web, ftp and file schemes, in any letter case', () => {
    expect(activateTwitterLinks('see https://shop.example/a?b=1&c=2#top now')).toBe(
      `see ${url('https://shop.example/a?b=1&c=2#top')} now`,
    );
    expect(activateTwitterLinks('HTTP://A.EXAMPLE ftp://f.example/x file:///tmp/y')).toBe(
      `${url('HTTP://A.EXAMPLE')} ${url('ftp://f.example/x')} ${url('file:///tmp/y')}`,
    );
  });

  it('leaves trailing punctuation outside a URL', () => {
    expect(activateTwitterLinks('at http://a.example/x. Or (http://b.example/y?), ok')).toBe(
      `at ${url('http://a.example/x')}. Or (${url('http://b.example/y')}?), ok`,
    );
  });

  it('needs a word start before the scheme and something after it', () => {
    expect(activateTwitterLinks('xhttp://a.example')).toBe('xhttp://a.example');
    expect(activateTwitterLinks('http:// and http://.')).toBe('http:// and http://.');
    expect(activateTwitterLinks('_http://a.example')).toBe('_http://a.example');
    expect(activateTwitterLinks('-http://a.example')).toBe(`-${url('http://a.example')}`);
  });

  it('links mentions and hashtags at the start or after a plain space only', () => {
    expect(activateTwitterLinks('@FooBar and #Sale_24 #x')).toBe(
      `${mention('FooBar')} and ${hashtag('Sale_24')} ${hashtag('x')}`,
    );
    expect(activateTwitterLinks('a@b (#c) x\n@d\t#e')).toBe('a@b (#c) x\n@d\t#e');
    expect(activateTwitterLinks('@a-b #c!')).toBe(`${mention('a')}-b ${hashtag('c')}!`);
    expect(activateTwitterLinks('@ # @@a ##b')).toBe('@ # @@a ##b');
  });

  it('keeps @ and # that are part of a URL inside the link', () => {
    expect(activateTwitterLinks('http://a.example/@me#tag @you')).toBe(
      `${url('http://a.example/@me#tag')} ${mention('you')}`,
    );
    expect(activateTwitterLinks('@http://a.example #ftp://b.example')).toBe(
      `@${url('http://a.example')} #${url('ftp://b.example')}`,
    );
  });
});
