import { describe, expect, it } from 'vitest';
import { scopeOver } from './case-files.js';
import { altTextFromFields, altTextOf, image, imageMetaAttributes, textWithoutTags } from './image-meta.js';

describe('image markup', () => {
  it('R9.5.5 cuts alt text taken from the body at 250 characters', () => {
    const body = `<p>${'word '.repeat(80)}</p>`;
    const alt = altTextFromFields({ body });
    expect(alt).toHaveLength(250);
    expect(alt.startsWith(' word word')).toBe(true);
  });

  it('prefers the title, then the body text, then the file name', () => {
    expect(altTextFromFields({ title: 'Title', body: 'Body', filename: 'a.jpg' })).toBe('Title');
    expect(altTextFromFields({ title: '', body: '<b>Body</b>', filename: 'a.jpg' })).toBe(' Body ');
    expect(altTextFromFields({ body: '', filename: 'a.jpg' })).toBe('a.jpg');
    expect(altTextFromFields({})).toBe('');
  });

  it('turns each tag into one space and drops an unclosed tag', () => {
    expect(textWithoutTags('a<br>b<i>c</i> <span')).toBe('a b c  ');
  });

  it('uses the stored alt text of an image block even when it is empty', () => {
    const img = { title: 'Title', altText: '  ' };
    expect(altTextOf(img, scopeOver({ blockType: 5 }))).toBe('');
    expect(altTextOf(img, scopeOver({ blockType: 2 }))).toBe('Title');
  });

  it('escapes quotes and angle brackets in the alt attribute', () => {
    const img = { id: 'i1', title: 'Say "cheese" <now>', assetUrl: '/a.jpg', originalSize: '10x10' };
    const html = String(image(img, [], scopeOver(img), []));
    expect(html).toContain('alt="Say &quot;cheese&quot; &lt;now&gt;"');
    expect(html).not.toContain('"cheese"');
  });

  it('prints nothing for a missing image', () => {
    expect(imageMetaAttributes(undefined, scopeOver({}))).toBe('');
  });
});
