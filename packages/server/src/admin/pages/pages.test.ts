import { CollectionType } from '@baukasten/commerce';
import type { Storage, Website } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { adminMessages } from '../admin-messages.js';
import { Browser, sharedStateWithLimits } from '../admin-test-kit.js';
import { type ShopTeam, shopTeam } from '../catalog/shop-admin-test-kit.js';
import { pageMessages } from './page-messages.js';

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let site: Website;
  let team: ShopTeam;
  let base: string;
  const hostname = `seiten-${db.name}.test`;

  /** The page as a visitor's template sees it. */
  const visit = async (path: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `${path}?format=json`,
      headers: { host: hostname },
    });
    return { status: response.statusCode, body: response.statusCode === 200 ? response.json() : undefined };
  };

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    site = await storage.websites.create({ title: 'Seitenladen', hostnames: [hostname], currency: 'EUR' });
    await storage.collections.create(site.id, {
      type: CollectionType.PAGE,
      urlId: '',
      title: 'Start',
      blocks: [{ type: 'heading', text: 'Willkommen' }],
    });
    await storage.collections.create(site.id, {
      type: CollectionType.PRODUCTS,
      urlId: 'shop',
      title: 'Shop',
      position: 1,
    });
    team = await shopTeam(app, storage, site.id);
    base = `/api/admin/sites/${site.id}`;
  });
  afterAll(() => app?.close());

  const createPage = (browser: Browser, body: Record<string, unknown>) =>
    browser.post(`${base}/collections`, body);

  it('lists every page, hidden ones too, for those who may view pages; others learn nothing', async () => {
    const list = await team.viewer.get(`${base}/collections`);
    expect(list.status).toBe(200);
    expect(list.body.collections.map((c: { title: string }) => c.title)).toEqual(['Start', 'Shop']);
    expect(list.body.collections[0]).toMatchObject({
      type: 'page',
      typeCode: 10,
      urlId: '',
      isHomePage: true,
    });
    expect(list.body.collections[1]).toMatchObject({ type: 'products', typeCode: 13, fullUrl: '/shop' });

    expect((await team.billing.get(`${base}/collections`)).status).toBe(403);
    expect((await team.storeManager.get(`${base}/collections`)).body.error.message).toBe(
      adminMessages.permissionDenied,
    );
    expect((await team.outsider.get(`${base}/collections`)).status).toBe(404);
    expect((await new Browser(app).get(`${base}/collections`)).status).toBe(401);
  });

  it('R3.21.2 creates each kind of page with its collection type, a URL from its title, at the end', async () => {
    const kinds = [
      ['page', 'Über uns & Team', 'ueber-uns-team', 10],
      ['blog', 'Neuigkeiten', 'neuigkeiten', 1],
      ['gallery', 'Galerie', 'galerie', 15],
      ['events', 'Termine', 'termine', 1],
      ['products', 'Geschenke', 'geschenke', 13],
    ] as const;
    for (const [type, title, urlId, code] of kinds) {
      const created = await createPage(team.editor, { type, title });
      expect(created.status, title).toBe(201);
      expect(created.body.collection).toMatchObject({ type, title, urlId, typeCode: code, hidden: false });
    }
    // A second page with the same title gets the next free address.
    const again = await createPage(team.websiteManager, { type: 'page', title: 'Über uns & Team' });
    expect(again.body.collection.urlId).toBe('ueber-uns-team-2');
    const positions = (await team.admin.get(`${base}/collections`)).body.collections.map(
      (c: { position: number }) => c.position,
    );
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect((await visit('/neuigkeiten')).status).toBe(200);
  });

  it('R5.12.4 refuses a page URL that is not a slug with "{val} is not a valid page URL"', async () => {
    for (const urlId of ['Über Uns', 'a/b', '-start', 'zwei  worte', 'x'.repeat(120)]) {
      const answer = await createPage(team.admin, { type: 'page', title: 'Falsch', urlId });
      expect(answer.status, urlId).toBe(400);
      expect(answer.body.error.fields.urlId).toBe(pageMessages.pageUrlInvalid(urlId.trim()));
    }
    expect(pageMessages.pageUrlInvalid('Über Uns')).toMatch(/^„Über Uns“ ist keine gültige Seiten-URL/);
    // Slashes around and capitals are tidied, not refused.
    const tidy = await createPage(team.admin, { type: 'page', title: 'Kontakt', urlId: ' /Kontakt/ ' });
    expect(tidy.body.collection.urlId).toBe('kontakt');
    const taken = await createPage(team.admin, { type: 'page', title: 'Nochmal', urlId: 'kontakt' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.type).toBe('URL_TAKEN');
    const reserved = await createPage(team.admin, { type: 'page', title: 'Warenkorb', urlId: 'cart' });
    expect(reserved.status).toBe(400);
    expect(reserved.body.error.fields.urlId).toContain('/cart');
    const noType = await createPage(team.admin, { type: 'forum', title: 'Forum' });
    expect(noType.body.error.fields.type).toBe(pageMessages.pageTypeUnknown);
  });

  it('issue 22 "Titel anzeigen": the home page shows no title heading until the owner switches it on', async () => {
    const html = async () =>
      (await app.inject({ method: 'GET', url: '/', headers: { host: hostname } })).body;
    // Still there for screen readers (one h1 per page), but not above the content.
    expect(await html()).toContain('<h1 class="visually-hidden">Start</h1>');
    const home = (await team.viewer.get(`${base}/collections`)).body.collections[0];
    expect(home.showTitle).toBe(false);
    const shown = await team.editor.patch(`${base}/collections/${home.id}`, { showTitle: true });
    expect(shown.body.collection.showTitle).toBe(true);
    expect(await html()).toContain('<h1>Start</h1>');
    await team.editor.patch(`${base}/collections/${home.id}`, { showTitle: false });
    expect(await html()).toContain('<h1 class="visually-hidden">Start</h1>');
  });

  it('renames, moves, hides and sets SEO texts and the social image; the storefront follows', async () => {
    const page = (await createPage(team.admin, { type: 'page', title: 'Anfahrt' })).body.collection;
    const changed = await team.editor.patch(`${base}/collections/${page.id}`, {
      title: 'So finden Sie uns',
      urlId: 'weg',
      seoTitle: 'Anfahrt zum Laden',
      seoDescription: 'Mit Bus und Bahn zu uns.',
      socialImage: { assetUrl: 'https://bilder.example/laden.jpg', altText: 'Ladenfront' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.collection).toMatchObject({
      title: 'So finden Sie uns',
      urlId: 'weg',
      seo: {
        title: 'Anfahrt zum Laden',
        description: 'Mit Bus und Bahn zu uns.',
        socialImage: { assetUrl: 'https://bilder.example/laden.jpg', altText: 'Ladenfront' },
      },
    });
    const seen = await visit('/weg');
    expect(seen.body.seo.description).toBe('Mit Bus und Bahn zu uns.');
    // The old address leads to the new one (issue 24: automatic 301 after a rename).
    expect((await visit('/anfahrt')).status).toBe(301);

    const hidden = await team.editor.patch(`${base}/collections/${page.id}`, {
      hidden: true,
      socialImage: null,
    });
    expect(hidden.body.collection).toMatchObject({ hidden: true, seo: { socialImage: null } });
    const nav = (await visit('/')).body.navigation.map((n: { title?: string }) => n.title);
    expect(nav).not.toContain('So finden Sie uns');
    expect((await visit('/weg')).status).toBe(200);

    const badImage = await team.editor.patch(`${base}/collections/${page.id}`, {
      socialImage: { assetUrl: 'javascript:alert(1)' },
    });
    expect(badImage.body.error.fields['socialImage.assetUrl']).toBe(pageMessages.imageUrlInvalid);
    expect((await team.editor.patch(`${base}/collections/${page.id}`, {})).body.error.message).toBe(
      pageMessages.nothingToChange,
    );
  });

  it('reorders the navigation only with every page listed exactly once', async () => {
    const before = (await team.admin.get(`${base}/collections`)).body.collections.map(
      (c: { id: string }) => c.id,
    );
    const missing = await team.admin.patch(`${base}/navigation`, { order: before.slice(1) });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe(pageMessages.navigationIncomplete);
    const reversed = [...before].reverse();
    const moved = await team.websiteManager.patch(`${base}/navigation`, { order: reversed });
    expect(moved.body.collections.map((c: { id: string }) => c.id)).toEqual(reversed);
    expect((await team.draftEditor.patch(`${base}/navigation`, { order: before })).status).toBe(403);
    await team.admin.patch(`${base}/navigation`, { order: before });
  });

  it('a draft editor saves drafts but cannot publish; visitors see the page only once it is published', async () => {
    const page = (await createPage(team.admin, { type: 'page', title: 'Aktion' })).body.collection;
    const blocks = [
      { type: 'heading', text: 'Sommeraktion', level: 1 },
      { type: 'text', markdown: 'Alles **halbe** Preis.\n\n- Hüte\n- Schals' },
    ];
    const saved = await team.draftEditor.patch(`${base}/collections/${page.id}/draft`, { blocks });
    expect(saved.status).toBe(200);
    expect(saved.body.blocks.hasUnpublishedChanges).toBe(true);
    expect(saved.body.blocks.draft[1].html).toBe(
      '<p>Alles <strong>halbe</strong> Preis.</p>\n<ul>\n<li>Hüte</li>\n<li>Schals</li>\n</ul>',
    );
    expect((await visit('/aktion')).body.blocks).toEqual([]);

    const refused = await team.draftEditor.post(`${base}/collections/${page.id}/publish`);
    expect(refused.status).toBe(403);
    expect((await team.viewer.patch(`${base}/collections/${page.id}/draft`, { blocks })).status).toBe(403);
    expect((await team.draftEditor.patch(`${base}/collections/${page.id}`, { title: 'X' })).status).toBe(403);
    expect((await team.draftEditor.delete(`${base}/collections/${page.id}`)).status).toBe(403);

    const published = await team.editor.post(`${base}/collections/${page.id}/publish`);
    expect(published.status).toBe(200);
    expect(published.body.blocks.hasUnpublishedChanges).toBe(false);
    expect(published.body.blocks.live.map((b: { type: string }) => b.type)).toEqual(['heading', 'text']);
    const live = await visit('/aktion');
    expect(live.body.blocks[0]).toMatchObject({ type: 'heading', text: 'Sommeraktion' });
  });

  it('checks each block kind and names the block field; nothing of a refused list is saved', async () => {
    const page = (await createPage(team.admin, { type: 'page', title: 'Blöcke' })).body.collection;
    const good = { type: 'heading', text: 'Bleibt' };
    await team.admin.patch(`${base}/collections/${page.id}/draft`, { blocks: [good] });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ type: 'marquee' }, 'blocks.1.type', pageMessages.blockTypeUnknown],
      [{ type: 'heading', text: ' ' }, 'blocks.1.text', pageMessages.headingMissing],
      [{ type: 'heading', text: 'A', level: 7 }, 'blocks.1.level', pageMessages.notAnExpectedOption('7')],
      [
        { type: 'button', label: 'Los', href: 'javascript:alert(1)' },
        'blocks.1.href',
        pageMessages.linkInvalid('javascript:alert(1)'),
      ],
      [{ type: 'spacer', height: 5 }, 'blocks.1.height', pageMessages.spacerHeightInvalid],
      [{ type: 'image', assetUrl: 'ftp://x/y.png' }, 'blocks.1.assetUrl', pageMessages.imageUrlInvalid],
      [{ type: 'embed', url: 'http://video.example/1' }, 'blocks.1.url', pageMessages.embedUrlInvalid],
      [
        { type: 'products', collectionUrlId: 'gibt-es-nicht' },
        'blocks.1.collectionUrlId',
        pageMessages.productsCollectionUnknown('gibt-es-nicht'),
      ],
      [
        { type: 'products', collectionUrlId: 'kontakt' },
        'blocks.1.collectionUrlId',
        pageMessages.productsCollectionUnknown('kontakt'),
      ],
      [
        { type: 'summary', collectionUrlId: 'nirgends' },
        'blocks.1.collectionUrlId',
        pageMessages.summaryCollectionUnknown('nirgends'),
      ],
      [{ type: 'form', formId: 'fehlt' }, 'blocks.1.formId', pageMessages.formUnknown],
      [{ type: 'gallery', images: [] }, 'blocks.1.images', pageMessages.galleryImagesMissing],
      [
        { type: 'accordion', items: [{ title: '' }] },
        'blocks.1.items.0.title',
        pageMessages.accordionTitleMissing,
      ],
      [{ type: 'map', lat: 100, lng: 10 }, 'blocks.1.lat', pageMessages.latitudeInvalid],
      [{ type: 'video' }, 'blocks.1.url', pageMessages.videoMissing],
      [
        { type: 'video', url: 'http://youtube.com/watch?v=abc' },
        'blocks.1.url',
        pageMessages.videoUrlInvalid,
      ],
      [
        { type: 'video', oembed: { html: '<script>alert(1)</script>' } },
        'blocks.1.oembed.html',
        pageMessages.videoHtmlInvalid,
      ],
      [
        { type: 'audio', audioAssetUrl: 'javascript:x' },
        'blocks.1.audioAssetUrl',
        pageMessages.audioUrlInvalid,
      ],
      [
        { type: 'audio', audioAssetUrl: '/ton.mp3', durationMs: -1 },
        'blocks.1.durationMs',
        pageMessages.audioDurationInvalid,
      ],
    ];
    for (const [block, field, message] of cases) {
      const answer = await team.admin.patch(`${base}/collections/${page.id}/draft`, {
        blocks: [good, block],
      });
      expect(answer.status, field).toBe(400);
      expect(answer.body.error.fields[field], field).toBe(message);
    }
    const after = await team.admin.get(`${base}/collections/${page.id}`);
    expect(after.body.blocks.draft).toEqual([{ type: 'heading', text: 'Bleibt', level: 2 }]);
  });

  it('R3.22.2 R5.12.5 R9.4.4 R9.4.7 gallery settings take the spec’s values and ranges, with defaults', async () => {
    const page = (await createPage(team.admin, { type: 'gallery', title: 'Bilder' })).body.collection;
    const gallery = (settings: Record<string, unknown>) =>
      team.admin.patch(`${base}/collections/${page.id}/draft`, {
        blocks: [{ type: 'gallery', images: [{ assetUrl: '/bilder/1.jpg', altText: 'Eins' }], settings }],
      });
    const mosaic = await gallery({ design: 'mosaic' });
    expect(mosaic.body.error.fields['blocks.0.settings.design']).toBe(
      pageMessages.notAnExpectedOption('mosaic'),
    );
    const tooMany = await gallery({ 'thumbnails-per-row': 11 });
    expect(tooMany.body.error.fields['blocks.0.settings.thumbnails-per-row']).toBe(
      pageMessages.gallerySettingRange('thumbnails-per-row', 1, 10),
    );
    expect((await gallery({ 'autoplay-duration': 0 })).status).toBe(400);
    const saved = await gallery({ design: 'slideshow', 'autoplay-duration': 10 });
    expect(saved.body.blocks.draft[0].settings).toMatchObject({
      design: 'slideshow',
      'autoplay-duration': 10,
      'thumbnails-per-row': 4,
      padding: 20,
      'max-width': 300,
      'thumbnail-strip-height': 80,
      'thumbnail-strip-margin': 20,
    });
  });

  it('R3.11.1 saves social links, video (address or oEmbed HTML, overlay image) and audio blocks that visitors then see', async () => {
    const page = (await createPage(team.admin, { type: 'gallery', title: 'Medien' })).body.collection;
    const saved = await team.draftEditor.patch(`${base}/collections/${page.id}/draft`, {
      blocks: [
        { type: 'social-links', title: 'Folge uns' },
        {
          type: 'video',
          title: 'Die Werkstatt',
          url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10',
          overlay: { assetUrl: '/bilder/werkstatt.jpg', altText: 'Werkbank', originalSize: '1600x900' },
        },
        {
          type: 'video',
          title: 'Brennofen',
          oembed: {
            html: '<div><iframe src="https://player.vimeo.com/video/76979871" onload="x()"></iframe><script>alert(1)</script></div>',
            providerName: 'Vimeo',
          },
        },
        { type: 'video', url: 'https://vimeo.com/76979871' },
        {
          type: 'audio',
          audioAssetUrl: '/ton/glocke.mp3',
          title: 'Glocke',
          artist: 'Werkstatt',
          durationMs: 61_000,
        },
      ],
    });
    expect(saved.status).toBe(200);
    const [social, youtube, vimeoHtml, vimeoUrl, audio] = saved.body.blocks.draft;
    expect(social).toMatchObject({ type: 'social-links', title: 'Folge uns' });
    expect(youtube.oembed).toEqual({
      html: '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe>',
    });
    expect(youtube.overlay).toMatchObject({ assetUrl: '/bilder/werkstatt.jpg', originalSize: '1600x900' });
    expect(vimeoHtml.oembed).toEqual({
      html: '<iframe src="https://player.vimeo.com/video/76979871"></iframe>',
      providerName: 'Vimeo',
    });
    expect(vimeoUrl.oembed.html).toBe('<iframe src="https://player.vimeo.com/video/76979871"></iframe>');
    expect(audio).toMatchObject({
      audioAssetUrl: '/ton/glocke.mp3',
      artist: 'Werkstatt',
      durationMs: 61_000,
    });
    // What was saved saves again unchanged (the editor sends the blocks back as it got them).
    const again = await team.admin.patch(`${base}/collections/${page.id}/draft`, {
      blocks: saved.body.blocks.draft,
    });
    expect(again.body.blocks.draft).toEqual(saved.body.blocks.draft);

    await team.admin.post(`${base}/collections/${page.id}/publish`);
    const html = (await app.inject({ method: 'GET', url: '/medien', headers: { host: hostname } })).body;
    expect(html).toContain('data-island="video-overlay"');
    expect(html).toContain('youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(html).not.toContain('alert(1)');
    expect(html).toContain('/ton/glocke.mp3');
  });

  it('stores sanitised HTML: scripts, event handlers and javascript: links never reach visitors', async () => {
    const page = (await createPage(team.admin, { type: 'page', title: 'Roh' })).body.collection;
    const saved = await team.admin.patch(`${base}/collections/${page.id}/draft`, {
      blocks: [
        {
          type: 'html',
          html: '<p onclick="x()">Hallo<script>alert(1)</script></p><a href="javascript:alert(2)">x</a>',
        },
        { type: 'text', markdown: '<script>alert(3)</script> [Link](javascript:alert(4)) [gut](/kontakt)' },
        { type: 'accordion', items: [{ title: 'Versand', markdown: 'Innerhalb von *2 Tagen*.' }] },
      ],
    });
    expect(saved.status).toBe(200);
    const [html, text, accordion] = saved.body.blocks.draft;
    expect(html.html).toBe('<p>Hallo</p><a>x</a>');
    expect(text.html).not.toContain('<script');
    expect(text.html).toContain('&lt;script&gt;');
    // An unsafe link stays visible text, never a link.
    expect(text.html).toContain('[Link](javascript:alert(4))');
    expect(text.html).not.toContain('href="javascript:');
    expect(text.html).toContain('<a href="/kontakt">gut</a>');
    expect(accordion.items[0].html).toBe('<p>Innerhalb von <em>2 Tagen</em>.</p>');
  });

  it('deletes a page with what it holds; another site’s admin cannot touch it', async () => {
    const page = (await createPage(team.admin, { type: 'page', title: 'Weg damit' })).body.collection;
    expect((await team.outsider.delete(`${base}/collections/${page.id}`)).status).toBe(404);
    expect((await team.outsider.patch(`${base}/collections/${page.id}/draft`, { blocks: [] })).status).toBe(
      404,
    );
    expect((await visit('/weg-damit')).status).toBe(200);
    expect((await team.admin.delete(`${base}/collections/${page.id}`)).body).toEqual({ deleted: true });
    expect((await visit('/weg-damit')).status).toBe(404);
    expect((await team.admin.delete(`${base}/collections/${page.id}`)).status).toBe(404);
    expect((await team.admin.get(`${base}/collections/unbekannt`)).status).toBe(404);
  });
});
