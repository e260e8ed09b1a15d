import { describe, expect, it } from 'vitest';
import { scopeOver } from '../content/case-files.js';
import { likeButton, socialButtonFormatter, twitterFollowButton } from './share-buttons.js';
import { activateTwitterLinks } from './twitter-links.js';

describe('share buttons', () => {
  it('R3.11.1 shows likes only when simple liking is on', () => {
    const item = { id: 'p1', likeCount: 3 };
    expect(likeButton(item, [], scopeOver({ websiteSettings: { simpleLikingEnabled: true } }), [])).toContain(
      'data-like-count="3"',
    );
    expect(likeButton(item, [], scopeOver({ websiteSettings: {} }), [])).toBe('');
  });

  it('R3.11.1 shows share buttons only when the site chose services', () => {
    const item = { title: 'A "quoted" title', fullUrl: '/p' };
    expect(socialButtonFormatter(item, [], scopeOver({ website: { shareButtonOptions: [] } }), [])).toBe('');
    const html = socialButtonFormatter(item, [], scopeOver({ website: { shareButtonOptions: ['x'] } }), []);
    expect(html).toContain('data-title="A &quot;quoted&quot; title"');
  });

  it('takes the follow name from the profile URL when the user name is empty', () => {
    expect(
      twitterFollowButton({ userName: '', profileUrl: 'https://x.com/shop' }, [], scopeOver({}), []),
    ).toContain('data-username="shop"');
  });

  it('links mentions, hashtags and URLs in tweets', () => {
    expect(activateTwitterLinks('#sale at https://shop.example/a by @Shop')).toBe(
      '<a target="new" href="https://twitter.com/hashtag/sale?src=hash">#sale</a> at ' +
        '<a target="new" href="https://shop.example/a">https://shop.example/a</a> by ' +
        '<a target="new" href="https://twitter.com/Shop/">@Shop</a>',
    );
  });
});
