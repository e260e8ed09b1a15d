import { type FormEvent, useState } from 'react';
import type { Collection, CollectionDetail } from '../../api/admin-types.js';
import { api } from '../../api/api-client.js';
import { useSite } from '../../site-context.js';
import { useAction } from '../../ui/async.js';
import { Button, Checkbox, ErrorBox, StatusMessage, TextArea, TextField } from '../../ui/controls.js';
import { ImagePicker } from '../media/image-picker.js';

/*
 * A page's settings for search engines and social networks: SEO title, SEO description and the image
 * shown when the page is shared. They go live at once (pages.publish), into the page's head.
 */

export const S = {
  title: 'SEO und Teilen',
  showTitle: 'Titel anzeigen',
  showTitleHint:
    'Zeigt den Seitentitel als Überschrift über dem Inhalt. Sonst steht er nur für Screenreader da. Auf der Startseite ist er anfangs aus.',
  seoTitle: 'SEO-Titel',
  seoTitleHint: 'Steht im Browser-Tab und in Suchergebnissen. Leer: „Seitentitel – Website-Titel“.',
  seoDescription: 'SEO-Beschreibung',
  seoDescriptionHint: 'Ein, zwei Sätze für Suchergebnisse und geteilte Links (höchstens 400 Zeichen).',
  socialImage: 'Bild beim Teilen',
  save: 'Einstellungen speichern',
  saved: 'Die Seiteneinstellungen wurden gespeichert.',
  draftPreview: 'Entwurf in der Vorschau zeigen',
  livePreview: 'Veröffentlichte Seite zeigen',
  draftPreviewHint:
    'Die Vorschau zeigt den gespeicherten Entwurf. Besucher sehen ihn erst nach dem Veröffentlichen.',
} as const;

interface SeoChanges {
  showTitle: boolean;
  seoTitle: string | null;
  seoDescription: string | null;
  socialImage: { assetUrl: string; altText: string } | null;
}

export const pageSeo = {
  update: (siteId: string, pageId: string, changes: SeoChanges) =>
    api.patch<CollectionDetail>(
      `/sites/${encodeURIComponent(siteId)}/collections/${encodeURIComponent(pageId)}`,
      changes,
    ),
  /** A short-lived address of the page with its draft blocks (admin/previews on the server). */
  draftPreview: (siteId: string, pageId: string) =>
    api.post<{ previewUrl: string }>(
      `/sites/${encodeURIComponent(siteId)}/collections/${encodeURIComponent(pageId)}/preview`,
    ),
};

export function PageSettings({
  page,
  onSaved,
}: {
  page: Collection;
  onSaved: (detail: CollectionDetail) => void;
}) {
  const { site } = useSite();
  const action = useAction();
  const [showTitle, setShowTitle] = useState(page.showTitle ?? page.urlId !== '');
  const [seoTitle, setSeoTitle] = useState(page.seo?.title ?? '');
  const [seoDescription, setSeoDescription] = useState(page.seo?.description ?? '');
  const [socialImage, setSocialImage] = useState(page.seo?.socialImage ?? null);
  const [note, setNote] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNote('');
    const answer = await action.run(() =>
      pageSeo.update(site.id, page.id, {
        showTitle,
        seoTitle: seoTitle.trim() || null,
        seoDescription: seoDescription.trim() || null,
        socialImage,
      }),
    );
    if (answer) {
      setNote(S.saved);
      onSaved(answer);
    }
  };
  const fields = action.error?.fields ?? {};
  return (
    <form className="form card" onSubmit={submit} noValidate aria-labelledby="page-settings-title">
      <h2 id="page-settings-title">{S.title}</h2>
      <ErrorBox error={action.error} />
      <Checkbox
        label={S.showTitle}
        hint={S.showTitleHint}
        checked={showTitle}
        onChange={(e) => setShowTitle(e.target.checked)}
      />
      <TextField
        label={S.seoTitle}
        hint={S.seoTitleHint}
        maxLength={200}
        value={seoTitle}
        onChange={(e) => setSeoTitle(e.target.value)}
        error={fields.seoTitle}
      />
      <TextArea
        label={S.seoDescription}
        hint={S.seoDescriptionHint}
        rows={3}
        maxLength={400}
        value={seoDescription}
        onChange={(e) => setSeoDescription(e.target.value)}
        error={fields.seoDescription}
      />
      <ImagePicker
        label={S.socialImage}
        value={socialImage}
        onChange={(image) =>
          setSocialImage(image ? { assetUrl: image.assetUrl, altText: image.altText } : null)
        }
        error={fields['socialImage.assetUrl'] ?? fields.socialImage}
      />
      <StatusMessage>{note}</StatusMessage>
      <div className="form-actions">
        <Button type="submit" variant="primary" busy={action.busy}>
          {S.save}
        </Button>
      </div>
    </form>
  );
}
