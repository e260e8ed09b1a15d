import { describe, expect, it } from 'vitest';
import { scopeOver } from '../content/case-files.js';
import { commentCount, commentLink, commentPredicates } from './comments.js';

const visible = (item: unknown) => commentPredicates.comments([], scopeOver(item));

describe('comments', () => {
  it('R8.8.5 R8.8.6 R8.8.7 counts comments in words', () => {
    const count = (n: unknown) => commentCount({ publicCommentCount: n }, [], scopeOver({}), []);
    expect(count(0)).toBe('No Comments');
    expect(count(1)).toBe('1 Comment');
    expect(count(42)).toBe('42 Comments');
    expect(count(undefined)).toBe('No Comments');
  });

  it('R4.8.1 R4.8.2 R4.8.3 shows comments when open or present, unless the site switched them off', () => {
    expect(visible({ commentState: 1 })).toBe(true);
    expect(visible({ commentState: 2, publicCommentCount: 3 })).toBe(true);
    expect(visible({ commentState: 2, publicCommentCount: 0 })).toBe(false);
    expect(visible({ commentState: 1, websiteSettings: { commentsEnabled: false } })).toBe(false);
    expect(visible({ commentState: 1, websiteSettings: {} })).toBe(false);
  });

  it('R3.11.1 the disqus? predicate reads the shortname as spec 3 and the conformance cases spell it', () => {
    const disqus = (settings: unknown) =>
      commentPredicates.disqus([], scopeOver({ websiteSettings: settings }));
    expect(disqus({ disqusShortname: 'werkstatt' })).toBe(true);
    expect(disqus({ disqusShortName: 'werkstatt' })).toBe(true);
    expect(disqus({ disqusShortname: '' })).toBe(false);
    expect(disqus({})).toBe(false);
  });

  it('links to the Disqus thread when the site uses Disqus', () => {
    const item = { id: 'p1', fullUrl: '/blog/p1', publicCommentCount: 0 };
    const root = { websiteSettings: { disqusShortname: 'shop' }, item };
    expect(commentLink(item, [], scopeOver(root), [])).toContain('sqs-disqus-comment-link');
    expect(commentLink(item, [], scopeOver({ item }), [])).toContain('No\n  Comments');
  });
});
