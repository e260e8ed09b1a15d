import { Button, Container, Heading, Img, Link, Preview, Section, Text } from '@react-email/components';
import type { CSSProperties, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { MailBlock, MailContent, MailItem } from './mail-content.js';

/*
 * The one layout of the shop's mails (issue 23), drawn with React Email's components: tables and inline
 * styles only, so Outlook and clients without CSS support show it as well as a phone does; one column,
 * at most 600 px wide and fluid below, so it reads at 320 px. Rendered synchronously with
 * renderToStaticMarkup (a couple of milliseconds), so the templates stay plain functions.
 */

/** The look and the legal footer of one shop, from its site styles and legal data (shop-brand.ts). */
export interface ShopBrand {
  name: string;
  /** The shop's origin, e.g. 'https://laden.de'; '' when unknown (links stay as the template wrote them). */
  baseUrl: string;
  logoUrl?: string;
  colors: { background: string; text: string; muted: string; accent: string; onAccent: string };
  fontFamily: string;
  headingFontFamily: string;
  /** Corner radius of the button, in px. */
  buttonRadius: string;
  /** Impressum lines (name, address, contact, register, VAT id) and the legal pages' absolute links. */
  legalLines: string[];
  legalLinks: { title: string; url: string }[];
}

const SANS = 'Helvetica, Arial, sans-serif';

/** Long words and web addresses break instead of widening the mail past a phone's screen. */
const WRAP: CSSProperties = { wordBreak: 'break-word', overflowWrap: 'anywhere' };

/** The legal pages every shop mail links in its footer (§ 5 DDG, AGB, § 356a BGB withdrawal, GDPR). */
export const FOOTER_PAGES = [
  { title: 'AGB', path: '/agb' },
  { title: 'Widerrufsbelehrung', path: '/widerruf' },
  { title: 'Datenschutz', path: '/datenschutz' },
  { title: 'Impressum', path: '/impressum' },
] as const;

/** The brand a mail has without a look-up: what the template knew (name, address), neutral colours. */
export function plainBrand(content: Pick<MailContent, 'shopName' | 'shopUrl'>): ShopBrand {
  const baseUrl = originOf(content.shopUrl);
  return {
    name: content.shopName ?? '',
    baseUrl,
    colors: {
      background: '#ffffff',
      text: '#1d1d1f',
      muted: '#5c5c66',
      accent: '#0b5cad',
      onAccent: '#ffffff',
    },
    fontFamily: SANS,
    headingFontFamily: SANS,
    buttonRadius: '6px',
    legalLines: content.shopName ? [content.shopName] : [],
    // Without the shop's address (a platform mail) there is nothing to link to.
    legalLinks: baseUrl ? FOOTER_PAGES.map((p) => ({ title: p.title, url: `${baseUrl}${p.path}` })) : [],
  };
}

function originOf(url: string | undefined): string {
  if (!url) return '';
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/** A site-relative URL made absolute with the shop's address; mail programs cannot resolve relative ones. */
export const absoluteUrl = (url: string, baseUrl: string) => (url.startsWith('/') ? `${baseUrl}${url}` : url);

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** Text with its line breaks kept and its web addresses clickable (React escapes every piece). */
function richText(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  text.split('\n').forEach((line, lineIndex) => {
    // biome-ignore lint/suspicious/noArrayIndexKey: a mail is drawn once, its lines never move
    if (lineIndex > 0) out.push(<br key={`br${lineIndex}`} />);
    line.split(URL_PATTERN).forEach((part, i) => {
      if (i % 2 === 1)
        // No style attribute: the link takes the client's link colour, and the href stays the first attribute.
        out.push(
          // biome-ignore lint/suspicious/noArrayIndexKey: a mail is drawn once, its lines never move
          <a key={`a${lineIndex}-${i}`} href={part}>
            {part}
          </a>,
        );
      else if (part) out.push(part);
    });
  });
  return out;
}

function ItemTable({ items, brand }: { items: MailItem[]; brand: ShopBrand }) {
  const withPictures = items.some((i) => i.imageUrl);
  const cell: CSSProperties = { padding: '8px 0', verticalAlign: 'top', borderBottom: '1px solid #e5e5ea' };
  return (
    <Section style={{ margin: '8px 0 16px' }}>
      <table
        role="presentation"
        width="100%"
        cellPadding={0}
        cellSpacing={0}
        style={{ width: '100%', borderCollapse: 'collapse' }}
        data-mail="items"
      >
        <tbody>
          {items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines never move
            <tr key={i}>
              {withPictures ? (
                <td width={64} style={{ ...cell, width: '64px', paddingRight: '8px' }}>
                  {item.imageUrl ? (
                    <Img
                      src={absoluteUrl(item.imageUrl, brand.baseUrl)}
                      alt={item.name}
                      width={56}
                      height={56}
                      style={{ borderRadius: '4px', objectFit: 'cover', display: 'block' }}
                    />
                  ) : null}
                </td>
              ) : null}
              <td style={{ ...cell, ...WRAP }}>
                <span style={{ fontWeight: 700 }}>{item.name}</span>
                {item.detail ? (
                  <>
                    <br />
                    <span style={{ color: brand.colors.muted, fontSize: '13px' }}>{item.detail}</span>
                  </>
                ) : null}
                <br />
                <span style={{ color: brand.colors.muted, fontSize: '13px' }}>Menge: {item.quantity}</span>
              </td>
              <td
                align="right"
                style={{ ...cell, paddingLeft: '8px', whiteSpace: 'nowrap', textAlign: 'right' }}
              >
                {item.amount ?? ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

function Block({ block, brand }: { block: MailBlock; brand: ShopBrand }) {
  const text: CSSProperties = {
    fontSize: '15px',
    lineHeight: '22px',
    margin: '0 0 14px',
    color: brand.colors.text,
    ...WRAP,
  };
  switch (block.kind) {
    case 'text':
      return <Text style={text}>{richText(block.text)}</Text>;
    case 'heading':
      return (
        <Heading
          as="h2"
          style={{
            fontSize: '17px',
            margin: '20px 0 8px',
            fontFamily: brand.headingFontFamily,
            color: brand.colors.text,
          }}
        >
          {block.text}
        </Heading>
      );
    case 'items':
      return <ItemTable items={block.items} brand={brand} />;
    case 'totals':
      return (
        <table
          role="presentation"
          width="100%"
          cellPadding={0}
          cellSpacing={0}
          style={{ width: '100%', margin: '0 0 16px' }}
          data-mail="totals"
        >
          <tbody>
            {block.rows.map((row, i) => {
              const style: CSSProperties = {
                padding: '3px 0',
                fontSize: row.muted ? '13px' : '15px',
                color: row.muted ? brand.colors.muted : brand.colors.text,
                fontWeight: row.strong ? 700 : 400,
                ...(row.strong ? { borderTop: `2px solid ${brand.colors.text}`, paddingTop: '8px' } : {}),
              };
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: the rows never move
                <tr key={i} {...(row.strong ? { 'data-mail': 'total' } : {})}>
                  <td style={{ ...style, ...WRAP }}>{row.label}</td>
                  <td
                    align="right"
                    style={{ ...style, textAlign: 'right', whiteSpace: 'nowrap', paddingLeft: '8px' }}
                  >
                    {row.amount}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      );
    case 'address':
      return (
        <Text style={text}>
          <span style={{ fontWeight: 700 }}>{block.title}</span>
          <br />
          {richText(block.lines.join('\n'))}
        </Text>
      );
    case 'button':
      return (
        <Section style={{ margin: '8px 0 20px' }}>
          <Button
            href={block.href}
            style={{
              backgroundColor: brand.colors.accent,
              color: brand.colors.onAccent,
              borderRadius: brand.buttonRadius,
              padding: '12px 20px',
              fontWeight: 700,
              fontSize: '15px',
              maxWidth: '100%',
            }}
          >
            {block.label}
          </Button>
        </Section>
      );
    case 'code':
      return (
        <Text
          style={{
            ...text,
            padding: '12px',
            border: `2px dashed ${brand.colors.accent}`,
            textAlign: 'center',
          }}
        >
          {block.label}
          <br />
          <span style={{ fontSize: '20px', letterSpacing: '1px', fontFamily: 'Courier New, monospace' }}>
            <strong>{block.code}</strong>
          </span>
        </Text>
      );
    case 'image':
      return (
        <Img
          src={absoluteUrl(block.src, brand.baseUrl)}
          alt={block.alt}
          width={block.width}
          height={block.height}
          style={{ margin: '0 0 14px', maxWidth: '100%' }}
        />
      );
    case 'small':
      return (
        <Text style={{ ...text, fontSize: '12px', lineHeight: '17px', color: brand.colors.muted }}>
          {richText(block.text)}
        </Text>
      ); // Put in as 'small' blocks before drawing (branded-mail.ts); a mail whose texts are missing is not sent.
    case 'legal-texts':
      return null;
  }
}

function MailBody({ content, brand }: { content: MailContent; brand: ShopBrand }) {
  const homeUrl = brand.baseUrl || undefined;
  return (
    <>
      {content.preview ? <Preview>{content.preview}</Preview> : null}
      <Container
        style={{
          maxWidth: '600px',
          width: '100%',
          margin: '0 auto',
          backgroundColor: brand.colors.background,
        }}
      >
        <Section style={{ padding: '20px 16px 8px', borderBottom: `3px solid ${brand.colors.accent}` }}>
          {brand.logoUrl ? (
            <Link href={homeUrl}>
              <Img
                src={absoluteUrl(brand.logoUrl, brand.baseUrl)}
                alt={brand.name || 'Logo'}
                height={48}
                style={{ maxWidth: '200px', height: '48px', width: 'auto' }}
              />
            </Link>
          ) : brand.name ? (
            <Text
              style={{
                fontSize: '22px',
                fontWeight: 700,
                margin: 0,
                fontFamily: brand.headingFontFamily,
                color: brand.colors.accent,
              }}
            >
              {brand.name}
            </Text>
          ) : null}
        </Section>
        <Section style={{ padding: '16px', ...WRAP }}>
          <Heading
            as="h1"
            style={{
              fontSize: '21px',
              lineHeight: '28px',
              margin: '0 0 16px',
              fontFamily: brand.headingFontFamily,
              color: brand.colors.text,
            }}
          >
            {content.title}
          </Heading>
          {content.blocks.map((block, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: blocks are drawn once, in order
            <Block key={i} block={block} brand={brand} />
          ))}
        </Section>
        <Section
          style={{ padding: '12px 16px 24px', borderTop: '1px solid #e5e5ea', ...WRAP }}
          data-mail="legal-footer"
        >
          {brand.legalLines.length ? (
            <Text
              style={{ fontSize: '12px', lineHeight: '17px', color: brand.colors.muted, margin: '0 0 8px' }}
            >
              {richText(brand.legalLines.join('\n'))}
            </Text>
          ) : null}
          <Text style={{ fontSize: '12px', lineHeight: '20px', color: brand.colors.muted, margin: 0 }}>
            {brand.legalLinks.map((link, i) => (
              <span key={link.url}>
                {i > 0 ? ' · ' : ''}
                <Link href={link.url} style={{ color: brand.colors.muted, textDecoration: 'underline' }}>
                  {link.title}
                </Link>
              </span>
            ))}
          </Text>
        </Section>
      </Container>
    </>
  );
}

const escapeText = (value: string) =>
  value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

/**
 * The whole HTML part as it is sent. The head is written by hand (doctype, viewport, one media query for
 * narrow screens that clients without <style> simply ignore); the body by React Email's components. The
 * blocks' comment of the queued mail is not repeated: the sent mail needs no second copy of its text.
 */
export function renderShopMail(
  content: MailContent,
  brand: ShopBrand = plainBrand(content),
  lang = 'de',
): string {
  const body = renderToStaticMarkup(<MailBody content={content} brand={brand} />);
  return `<!doctype html>
<html lang="${escapeText(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="x-apple-disable-message-reformatting"><title>${escapeText(content.title)}</title>
<style>img{max-width:100%}@media (max-width:480px){h1{font-size:19px!important}}</style></head>
<body style="margin:0;padding:0;background-color:#f4f4f6;font-family:${escapeText(brand.fontFamily)};color:${escapeText(brand.colors.text)};-webkit-text-size-adjust:100%">
${body}
</body></html>
`;
}

/** The footer of the plain-text part: the same Impressum lines and links as the HTML part. */
export function footerText(brand: ShopBrand): string {
  const lines = [...brand.legalLines, ...brand.legalLinks.map((l) => `${l.title}: ${l.url}`)];
  return lines.length ? `\n-- \n${lines.join('\n')}\n` : '';
}
