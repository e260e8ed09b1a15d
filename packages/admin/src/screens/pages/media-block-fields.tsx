import { TextArea, TextField } from '../../ui/controls.js';
import type { FieldsProps } from './block-catalogue.js';

/* The video and audio blocks: a source address with the player's options. */

export function VideoFields({ block, errors, disabled, onChange }: FieldsProps) {
  const oembed = (block.oembed ?? {}) as { html?: string; providerName?: string };
  const overlay = (block.overlay ?? null) as {
    assetUrl?: string;
    altText?: string;
    originalSize?: string;
  } | null;
  const str = (value: unknown) => (typeof value === 'string' ? value : '');
  return (
    <>
      <TextField
        label="Titel des Videos"
        disabled={disabled}
        value={str(block.title)}
        error={errors.title}
        onChange={(e) => onChange({ title: e.target.value }, 'title')}
      />
      <TextField
        label="Adresse des Videos"
        hint="https://… einer Seite von YouTube oder Vimeo oder die Adresse eines Players."
        disabled={disabled}
        value={str(block.url)}
        error={errors.url}
        onChange={(e) => onChange({ url: e.target.value, oembed: { ...oembed, html: '' } }, 'url')}
      />
      <TextArea
        label="Oder Einbettungscode (oEmbed-HTML)"
        hint="Nur der Player (iframe mit https-Adresse) wird übernommen."
        rows={3}
        disabled={disabled}
        value={str(oembed.html)}
        error={errors['oembed.html']}
        onChange={(e) => onChange({ oembed: { ...oembed, html: e.target.value } }, 'oembed.html')}
      />
      <TextField
        label="Anbieter (optional)"
        disabled={disabled}
        value={str(oembed.providerName)}
        error={errors['oembed.providerName']}
        onChange={(e) =>
          onChange({ oembed: { ...oembed, providerName: e.target.value } }, 'oembed.providerName')
        }
      />
      <TextField
        label="Vorschaubild (Adresse, optional)"
        hint="Wird gezeigt, bis jemand das Video startet."
        disabled={disabled}
        value={str(overlay?.assetUrl)}
        error={errors['overlay.assetUrl']}
        onChange={(e) =>
          onChange(
            {
              overlay: e.target.value
                ? { ...overlay, assetUrl: e.target.value, altText: overlay?.altText ?? '' }
                : null,
            },
            'overlay.assetUrl',
          )
        }
      />
      {overlay?.assetUrl ? (
        <>
          <TextField
            label="Alternativtext des Vorschaubilds"
            disabled={disabled}
            value={str(overlay.altText)}
            error={errors['overlay.altText']}
            onChange={(e) =>
              onChange({ overlay: { ...overlay, altText: e.target.value } }, 'overlay.altText')
            }
          />
          <TextField
            label="Größe des Vorschaubilds (Breite x Höhe)"
            hint="z. B. 1600x900"
            disabled={disabled}
            value={str(overlay.originalSize)}
            error={errors['overlay.originalSize']}
            onChange={(e) =>
              onChange(
                { overlay: { ...overlay, originalSize: e.target.value.trim() || undefined } },
                'overlay.originalSize',
              )
            }
          />
        </>
      ) : null}
    </>
  );
}

export function AudioFields({ block, errors, disabled, onChange }: FieldsProps) {
  const str = (value: unknown) => (typeof value === 'string' ? value : '');
  const seconds = typeof block.durationMs === 'number' ? String(Math.round(block.durationMs / 1000)) : '';
  return (
    <>
      <TextField
        label="Adresse der Audiodatei"
        hint="https://… oder ein Pfad wie /ton/folge-1.mp3"
        disabled={disabled}
        value={str(block.audioAssetUrl)}
        error={errors.audioAssetUrl}
        onChange={(e) => onChange({ audioAssetUrl: e.target.value }, 'audioAssetUrl')}
      />
      <TextField
        label="Titel"
        disabled={disabled}
        value={str(block.title)}
        error={errors.title}
        onChange={(e) => onChange({ title: e.target.value }, 'title')}
      />
      <TextField
        label="Künstler"
        disabled={disabled}
        value={str(block.artist)}
        error={errors.artist}
        onChange={(e) => onChange({ artist: e.target.value }, 'artist')}
      />
      <TextField
        label="Dauer in Sekunden (optional)"
        inputMode="numeric"
        disabled={disabled}
        value={seconds}
        error={errors.durationMs}
        onChange={(e) => {
          const value = e.target.value.trim();
          const n = Number(value);
          onChange(
            { durationMs: value === '' ? undefined : Number.isFinite(n) ? Math.round(n * 1000) : value },
            'durationMs',
          );
        }}
      />
    </>
  );
}
