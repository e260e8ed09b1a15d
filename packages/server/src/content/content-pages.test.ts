import { type Storage, seedDemoShop } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';

const HOST = 'inhalt.test';
const get = (app: FastifyInstance, url: string) =>
  app.inject({ method: 'GET', url, headers: { host: HOST } });

/** Text of every element matching a class, tags removed. */
const texts = (html: string, className: string) =>
  [...html.matchAll(new RegExp(`class="${className}"[^>]*>([\\s\\S]*?)</`, 'g'))].map((m) =>
    m[1]!.replace(/<[^>]*>/g, '').trim(),
  );

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let websiteId: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    ({ websiteId } = await seedDemoShop(storage, { hostnames: [HOST] }));
    app = await buildApp({ storage, logLevel: 'silent' });
  });
  afterAll(async () => {
    await app?.close();
    await storage?.close();
  });

  describe('blog', () => {
    it('R3.16.2 lists the posts newest first with date, author, star, categories and the feed link', async () => {
      const res = await get(app, '/journal');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('data-page-type="1"');
      expect(texts(res.body, 'blog-post-card__title')).toEqual([
        'Neu im Laden: Duftkerzen aus Sojawachs',
        'Ein Tag in unserer Werkstatt',
        'Emaille-Becher richtig pflegen',
      ]);
      expect(res.body).toContain(
        '<time datetime="2025-05-20T08:00:00.000Z">20. Mai 2025</time> · Jana Krüger',
      );
      expect(res.body).toMatch(/blog-post-card--starred[\s\S]*Emaille-Becher richtig pflegen/);
      expect(res.body).toContain('href="/journal?kategorie=Werkstatt"');
      expect(res.body).toContain('href="/journal?format=rss"');
    });

    it('R3.16.2 filters by category and by tag, and says which filter is on', async () => {
      const pflege = await get(app, '/journal?kategorie=Pflege');
      expect(texts(pflege.body, 'blog-post-card__title')).toEqual(['Emaille-Becher richtig pflegen']);
      expect(pflege.body).toContain('Kategorie: <strong>Pflege</strong>');
      const kerzen = await get(app, '/journal?tag=kerzen');
      expect(texts(kerzen.body, 'blog-post-card__title')).toEqual(['Neu im Laden: Duftkerzen aus Sojawachs']);
      const none = await get(app, '/journal?kategorie=Gibt%20es%20nicht');
      expect(none.body).toContain('Hier gibt es noch keine Beiträge.');
    });

    it('pages through a long blog ten posts at a time', async () => {
      const blog = await storage.collections.create(websiteId, {
        type: 1,
        urlId: 'viele',
        title: 'Viele Beiträge',
        hidden: true,
        settings: { typeName: 'blog' },
      });
      for (let i = 1; i <= 12; i++) {
        await storage.content.createPost(websiteId, {
          collectionId: blog.id,
          urlId: `nr-${i}`,
          title: `Beitrag ${i}`,
          publishedOn: Date.UTC(2025, 0, i),
        });
      }
      const first = await get(app, '/viele');
      expect(texts(first.body, 'blog-post-card__title')).toHaveLength(10);
      expect(texts(first.body, 'blog-post-card__title')[0]).toBe('Beitrag 12');
      expect(first.body).toContain('<a rel="next" href="/viele?seite=2">Ältere Beiträge</a>');
      const second = await get(app, '/viele?seite=2');
      expect(texts(second.body, 'blog-post-card__title')).toEqual(['Beitrag 2', 'Beitrag 1']);
      expect(second.body).toContain('Seite 2 von 2');
    });

    it('answers bad list parameters with 400 and a German message', async () => {
      for (const url of [
        '/journal?seite=0',
        '/journal?seite=zwei',
        `/journal?kategorie=${'x'.repeat(101)}`,
      ]) {
        const res = await get(app, url);
        expect(res.statusCode, url).toBe(400);
        expect(res.body).toMatch(/Seitenzahl|höchstens 100 Zeichen/);
      }
      expect((await get(app, '/journal?format=atom')).statusCode).toBe(400);
    });

    it('serves a valid RSS 2.0 feed of the posts', async () => {
      const res = await get(app, '/journal?format=rss');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
      const xml = res.body;
      expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
      expect(xml).toContain('<atom:link href="http://inhalt.test/journal?format=rss" rel="self"');
      const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]!);
      expect(items).toHaveLength(3);
      for (const item of items) {
        for (const tag of ['title', 'link', 'guid', 'pubDate', 'description'])
          expect(item, tag).toMatch(new RegExp(`<${tag}[^>]*>[^<]+</${tag}>`));
        // RFC 822 dates, as RSS 2.0 requires.
        expect(item).toMatch(/<pubDate>\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT<\/pubDate>/);
      }
      expect(items[0]).toContain('<link>http://inhalt.test/journal/p/neu-duftkerzen-aus-sojawachs</link>');
      // The excerpt travels as escaped HTML; no raw markup inside the XML text.
      expect(items[0]).toContain('<description>&lt;p&gt;Unsere Duftkerze Lavendel');
      // Every opened element is closed: a cheap well-formedness check.
      const opened = [...xml.matchAll(/<([a-zA-Z:]+)[\s>]/g)].filter((m) => m[1] !== 'atom:link').length;
      const closed = [...xml.matchAll(/<\/([a-zA-Z:]+)>/g)].length;
      expect(opened).toBe(closed);
    });

    it('shows a post with its body and strips script from owner HTML', async () => {
      const res = await get(app, '/journal/p/emaille-becher-richtig-pflegen');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('data-page-type="50"');
      expect(res.body).toContain('<h1>Emaille-Becher richtig pflegen</h1>');
      expect(res.body).toContain('von Jana Krüger');
      expect(res.body).toContain('<li>Keine Scheuermittel</li>');
      const journal = (await storage.collections.findByUrlId(websiteId, 'journal'))!;
      await storage.content.createPost(websiteId, {
        collectionId: journal.id,
        urlId: 'boese',
        title: 'Böse',
        excerpt: '<p onclick="alert(1)">Hallo</p><script>alert(2)</script>',
        body: '<p>Text<img src=x onerror="alert(3)"></p>',
        publishedOn: Date.UTC(2024, 0, 1),
      });
      const evil = await get(app, '/journal/p/boese');
      expect(evil.body).not.toMatch(/onclick|onerror|<script>alert/);
      const list = await get(app, '/journal');
      expect(list.body).not.toMatch(/onclick|<script>alert/);
    });

    it('hides a post until its publish date', async () => {
      const journal = (await storage.collections.findByUrlId(websiteId, 'journal'))!;
      await storage.content.createPost(websiteId, {
        collectionId: journal.id,
        urlId: 'zukunft',
        title: 'Aus der Zukunft',
        publishedOn: Date.now() + 86_400_000,
      });
      expect((await get(app, '/journal/p/zukunft')).statusCode).toBe(404);
      expect((await get(app, '/journal')).body).not.toContain('Aus der Zukunft');
    });
  });

  describe('page cache', () => {
    it('serves the same blog, events and post page from the cache as it rendered the first time', async () => {
      for (const [url, marker] of [
        ['/journal', 'blog-post-card__title'],
        ['/termine', 'events__views'],
        ['/journal/p/emaille-becher-richtig-pflegen', 'blog-post__meta'],
        ['/termine/p/toepferkurs-fuer-einsteiger', 'event__calendar'],
      ]) {
        const first = await get(app, url!);
        const again = await get(app, url!);
        expect(first.body, url).toContain(marker);
        // The second answer comes from the page cache: the page the visitor saw, not a generic page.
        expect(again.body, url).toContain(marker);
        expect(again.body, url).not.toContain('<article class="page">');
      }
    });
  });

  describe('comments, likes and sharing on posts and events', () => {
    it('R4.8.1 R8.8.6 shows the comment form, the approved comments and the like button on a post with comments open', async () => {
      const journal = (await storage.collections.findByUrlId(websiteId, 'journal'))!;
      const post = (await storage.content.findByUrlId(
        websiteId,
        journal.id,
        'emaille-becher-richtig-pflegen',
      ))!;
      const target = { type: 'item' as const, id: post.id };
      const approved = await storage.comments.create(websiteId, {
        target,
        authorName: 'Erika',
        body: 'Danke für die <b>Tipps</b>!',
        clientHash: 'a',
      });
      await storage.comments.moderate(websiteId, approved.id, 'approved');
      await storage.comments.create(websiteId, {
        target,
        authorName: 'Wartend',
        body: 'Noch nicht freigegeben',
        clientHash: 'b',
      });
      const res = await get(app, '/journal/p/emaille-becher-richtig-pflegen');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<span class="comments__count">1 Kommentar</span>');
      expect(res.body).toContain('data-island="comments"');
      expect(res.body).toContain('class="comment-form"');
      expect(res.body).toContain('Danke für die &lt;b&gt;Tipps&lt;/b&gt;!');
      expect(res.body).not.toContain('Noch nicht freigegeben');
      expect(res.body).toContain('data-island="like-button"');
      expect(res.body).toContain('Auf Facebook teilen');
      const context = (await get(app, '/journal/p/emaille-becher-richtig-pflegen?format=json')).json();
      expect(context.engagement).toMatchObject({
        id: post.id,
        commentState: 1,
        publicCommentCount: 1,
        fullUrl: '/journal/p/emaille-becher-richtig-pflegen',
      });
    });

    it('R4.8.2 shows no comment section on a post whose comments are closed and none approved', async () => {
      const res = await get(app, '/journal/p/neu-duftkerzen-aus-sojawachs');
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('class="comments');
      expect(res.body).not.toContain('class="comment-form');
      // Likes and sharing do not depend on the comment state.
      expect(res.body).toContain('data-island="like-button"');
    });

    it('R4.8.1 shows comments on an event whose comments are open', async () => {
      const events = await storage.collections.create(websiteId, {
        type: 1,
        urlId: 'kurse',
        title: 'Kurse',
        hidden: true,
        settings: { typeName: 'events' },
      });
      await storage.content.createEvent(websiteId, {
        collectionId: events.id,
        urlId: 'mit-kommentaren',
        title: 'Mit Kommentaren',
        startDate: Date.UTC(2031, 0, 10, 17, 0),
        endDate: Date.UTC(2031, 0, 10, 19, 0),
        commentState: 1,
      });
      const res = await get(app, '/kurse/p/mit-kommentaren');
      expect(res.body).toContain('<span class="comments__count">Keine Kommentare</span>');
      expect(res.body).toContain('class="comment-form"');
    });
  });

  describe('events', () => {
    it('R3.17.1 lists upcoming events by default and past ones on request', async () => {
      const upcoming = await get(app, '/termine');
      expect(texts(upcoming.body, 'event-card__title')).toEqual([
        'Töpferkurs für Einsteiger',
        'Offene Werkstatt',
      ]);
      expect(upcoming.body).toContain('Baukastenweg 12, 10115 Berlin, Deutschland');
      const past = await get(app, '/termine?ansicht=vergangen');
      expect(texts(past.body, 'event-card__title')).toEqual(['Herbstmarkt im Hof']);
      expect((await get(app, '/termine?ansicht=morgen')).statusCode).toBe(400);
    });

    it('R3.17.1 shows start and end in the website time zone', async () => {
      const events = (await storage.collections.findByUrlId(websiteId, 'termine'))!;
      // 12:00 UTC on 4 July 2030 is 14:00 in Berlin (summer time).
      await storage.content.createEvent(websiteId, {
        collectionId: events.id,
        urlId: 'sommerfest',
        title: 'Sommerfest',
        startDate: Date.UTC(2030, 6, 4, 12, 0),
        endDate: Date.UTC(2030, 6, 4, 15, 30),
      });
      const res = await get(app, '/termine/p/sommerfest');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(
        '<time datetime="2030-07-04T12:00:00.000Z">Donnerstag, 4. Juli 2030 um 14:00</time>',
      );
      expect(res.body).toContain('<time datetime="2030-07-04T15:30:00.000Z">17:30</time>');
    });

    it('R7.7.3 R7.7.4 R7.7.5 R9.5.8 links the event to Google Calendar with title, UTC compact times and location', async () => {
      const events = (await storage.collections.findByUrlId(websiteId, 'termine'))!;
      await storage.content.createEvent(websiteId, {
        collectionId: events.id,
        urlId: 'kurs-im-winter',
        title: 'Kurs im Winter',
        startDate: Date.UTC(2030, 0, 10, 17, 0),
        endDate: Date.UTC(2030, 0, 10, 19, 0),
        location: {
          addressLine1: 'Baukastenweg 12',
          addressCountry: 'Deutschland',
          mapLat: 52.5,
          mapLng: 13.4,
        },
      });
      const res = await get(app, '/termine/p/kurs-im-winter');
      const href = /href="(http:\/\/www\.google\.com\/calendar\/event[^"]+)"/
        .exec(res.body)?.[1]
        ?.replace(/&amp;/g, '&');
      expect(href).toBeDefined();
      const url = new URL(href!);
      expect(url.searchParams.get('action')).toBe('TEMPLATE');
      expect(url.searchParams.get('text')).toBe('Kurs im Winter');
      expect(url.searchParams.get('dates')).toBe('20300110T170000Z/20300110T190000Z');
      expect(url.searchParams.get('location')).toBe('Baukastenweg 12, Deutschland');
      expect(res.body).toContain('href="https://www.openstreetmap.org/?mlat=52.5&amp;mlon=13.4');
    });

    it('R9.5.8 downloads the event as a valid iCalendar file with UTC times', async () => {
      const res = await get(app, '/termine/p/kurs-im-winter?format=ical');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="kurs-im-winter.ics"');
      const lines = res.body.split('\r\n');
      expect(lines[0]).toBe('BEGIN:VCALENDAR');
      expect(lines).toContain('VERSION:2.0');
      expect(lines.find((l) => l.startsWith('PRODID:'))).toBeDefined();
      expect(lines).toContain('DTSTART:20300110T170000Z');
      expect(lines).toContain('DTEND:20300110T190000Z');
      expect(lines).toContain('SUMMARY:Kurs im Winter');
      expect(lines).toContain('LOCATION:Baukastenweg 12\\, Deutschland');
      expect(lines).toContain('GEO:52.5;13.4');
      expect(lines.filter((l) => /^(BEGIN|END):VEVENT$/.test(l))).toEqual(['BEGIN:VEVENT', 'END:VEVENT']);
      expect(lines.find((l) => l.startsWith('UID:'))).toMatch(/^UID:[0-9a-f]{24}@inhalt\.test$/);
      expect(lines.find((l) => l.startsWith('DTSTAMP:'))).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
      expect(res.body.endsWith('END:VCALENDAR\r\n')).toBe(true);
      for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      expect((await get(app, '/journal/p/emaille-becher-richtig-pflegen?format=ical')).statusCode).toBe(400);
    });

    it('shows a month calendar with the events on their days', async () => {
      const res = await get(app, '/termine?ansicht=kalender&monat=2030-07');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<h2>Juli 2030</h2>');
      expect(res.body).toMatch(
        /<span class="event-calendar__date">4<\/span><ul><li><a href="\/termine\/p\/sommerfest">14:00 Sommerfest<\/a>/,
      );
      expect(res.body).toContain('href="/termine?ansicht=kalender&amp;monat=2030-08"');
      // July 2030 starts on a Monday: no empty day before the 1st.
      expect(res.body).toMatch(
        /<tbody>\s*<tr><td class="event-calendar__day"><span class="event-calendar__date">1</,
      );
      expect((await get(app, '/termine?ansicht=kalender&monat=2030-13')).statusCode).toBe(400);
    });
  });

  describe('search', () => {
    it('R2.1.4 R2.3.1 finds a post and a product by a German word form on the search page (type 102)', async () => {
      const res = await get(app, '/search?q=Bechern');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('data-page-type="102"');
      const titles = texts(res.body, 'search-result__title');
      expect(titles).toContain('Emaille-Becher richtig pflegen');
      expect(titles).toContain('Emaille-Becher „Bergsee“');
      expect(texts(res.body, 'search-result__kind')).toEqual(expect.arrayContaining(['Beitrag', 'Produkt']));
      expect(res.body).toContain('href="/journal/p/emaille-becher-richtig-pflegen"');
      expect(res.body).toMatch(/\d+ Treffer für „Bechern“/);
    });

    it('R2.1.4 finds an event and a page, and says when nothing matches', async () => {
      const found = await get(app, '/search?q=T%C3%B6pferkurse');
      expect(texts(found.body, 'search-result__title')).toContain('Töpferkurs für Einsteiger');
      const page = await get(app, '/search?q=Auswahl');
      expect(page.statusCode).toBe(200);
      const none = await get(app, '/search?q=Quantenphysik');
      expect(none.body).toContain('Keine Treffer für „Quantenphysik“.');
      const empty = await get(app, '/search');
      expect(empty.body).toContain('<label for="suchbegriff">Suchbegriff</label>');
      expect(empty.body).not.toContain('search__summary');
      const long = await get(app, `/search?q=${'a'.repeat(201)}`);
      expect(long.statusCode).toBe(400);
      expect(long.body).toContain('höchstens 200 Zeichen');
    });

    it('R2.1.4 finds what an owner changed a moment ago', async () => {
      const about = (await storage.collections.findByUrlId(websiteId, 'ueber-uns'))!;
      await storage.collections.update(websiteId, about.id, { title: 'Über die Manufaktur' });
      const res = await get(app, '/search?q=Manufaktur');
      expect(texts(res.body, 'search-result__title')).toEqual(['Über die Manufaktur']);
      expect(texts(res.body, 'search-result__kind')).toEqual(['Seite']);
    });
  });

  describe('blocks', () => {
    it('shows the latest posts in a summary block and the social accounts as links', async () => {
      const res = await get(app, '/');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<h2>Aus dem Journal</h2>');
      expect(texts(res.body, 'summary-item__title').slice(0, 3)).toEqual([
        'Neu im Laden: Duftkerzen aus Sojawachs',
        'Ein Tag in unserer Werkstatt',
        'Emaille-Becher richtig pflegen',
      ]);
      expect(res.body).toContain(
        '<time class="summary-item__date" datetime="2025-05-20T08:00:00.000Z">20. Mai 2025</time>',
      );
      expect(res.body).toContain(
        '<a href="https://www.instagram.com/baukasten.demo" rel="me noopener" target="_blank">Instagram <span class="social-links__user">@baukasten.demo</span></a>',
      );
      expect(res.body).toContain('<a href="mailto:hallo@baukasten.example" rel="me noopener">E-Mail');
    });

    it('leaves out social accounts whose address is not https or mailto', async () => {
      const site = await storage.websites.create({
        title: 'Sozial',
        hostnames: ['sozial.test'],
        settings: {
          socialAccounts: [
            { serviceName: 'x', userName: 'böse', profileUrl: 'javascript:alert(1)' },
            { serviceName: 'mastodon', userName: '@gut', profileUrl: 'https://social.example/@gut' },
          ],
        },
      });
      await storage.collections.create(site.id, {
        type: 10,
        urlId: '',
        title: 'Start',
        blocks: [{ type: 'social-links' } as never],
      });
      const res = await app.inject({ method: 'GET', url: '/', headers: { host: 'sozial.test' } });
      expect(res.body).toContain('href="https://social.example/@gut"');
      expect(res.body).not.toContain('javascript:');
    });
  });
});
