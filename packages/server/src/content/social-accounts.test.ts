import type { Website } from '@baukasten/storage';
import { describe, expect, it } from 'vitest';
import { siteSettingsInput } from '../admin/admin-input.js';
import { socialLinksBlock } from './content-blocks.js';

const website = (socialAccounts: unknown) => ({ settings: { socialAccounts } }) as unknown as Website;

describe('social accounts', () => {
  it('R3.18.1 keeps userName, profileUrl and serviceName of each account the owner saves', () => {
    const parsed = siteSettingsInput.parse({
      socialAccounts: [
        { serviceName: 'Instagram', userName: '@laden', profileUrl: 'https://instagram.com/laden' },
      ],
    });
    expect(parsed.socialAccounts).toEqual([
      { serviceName: 'instagram', userName: '@laden', profileUrl: 'https://instagram.com/laden' },
    ]);
  });

  it('refuses a profile address that is not https or mailto, with a German message', () => {
    const parsed = siteSettingsInput.safeParse({
      socialAccounts: [{ serviceName: 'x', userName: 'a', profileUrl: 'javascript:alert(1)' }],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(
      'Die Profiladresse muss mit https:// oder mailto: beginnen.',
    );
  });

  it('R3.18.1 renders the accounts as a links block with readable service names, and nothing without accounts', () => {
    const block = socialLinksBlock(
      website([
        { serviceName: 'youtube', userName: 'Werkstatt', profileUrl: 'https://youtube.com/@werkstatt' },
        { serviceName: 'x', userName: 'alt', profileUrl: 'http://x.com/alt' },
      ]),
      { type: 'social-links' },
    );
    expect(block).toEqual({
      type: 'social-links',
      accounts: [
        {
          serviceName: 'youtube',
          serviceLabel: 'YouTube',
          userName: 'Werkstatt',
          profileUrl: 'https://youtube.com/@werkstatt',
        },
      ],
    });
    expect(socialLinksBlock(website(undefined), { type: 'social-links' })).toEqual({ type: 'missing' });
  });
});
