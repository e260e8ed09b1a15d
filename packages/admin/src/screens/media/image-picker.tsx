import { useState } from 'react';
import { useSite } from '../../site-context.js';
import { useLoad } from '../../ui/async.js';
import { Button, ErrorBox, Loading } from '../../ui/controls.js';
import { type MediaItem, media as mediaApi, mediaIdOf, type PickedImage } from './media-api.js';
import { UploadButton } from './media-library.js';
import { M } from './texts.js';

/*
 * Choosing an uploaded image (or uploading one) for a product, an image block or a page's social image.
 * The chosen image is handed over in the shape of spec 3 (assetUrl, altText, originalSize, focal point).
 */

function Choices({ onPick }: { onPick: (item: MediaItem) => void }) {
  const { site } = useSite();
  const list = useLoad(() => mediaApi.list(site.id), [site.id]);
  const items = list.data?.media ?? [];
  return (
    <div className="image-picker__choices">
      <UploadButton onUploaded={onPick} />
      <ErrorBox error={list.error} />
      {list.loading && !list.data ? <Loading /> : null}
      {list.data && items.length === 0 ? <p className="empty">{M.none}</p> : null}
      <ul className="media-grid media-grid--small">
        {items.map((item) => (
          <li key={item.id}>
            <button type="button" className="image-picker__choice" onClick={() => onPick(item)}>
              <img src={mediaApi.thumbnailUrl(site.id, item.id)} alt="" loading="lazy" />
              <span>{M.choose(item.filename)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ImagePicker({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: { assetUrl: string; altText?: string } | null | undefined;
  onChange: (image: PickedImage | null) => void;
  error?: string;
}) {
  const { site } = useSite();
  const [open, setOpen] = useState(false);
  const mediaId = mediaIdOf(value?.assetUrl);
  return (
    <fieldset className="image-picker">
      <legend>{label}</legend>
      {value?.assetUrl ? (
        <p className="image-picker__current">
          {mediaId ? (
            <img src={mediaApi.thumbnailUrl(site.id, mediaId, '100w')} alt={value.altText ?? ''} />
          ) : null}
          <span className="muted">{value.assetUrl}</span>
        </p>
      ) : (
        <p className="muted">{M.noImage}</p>
      )}
      {error ? <p className="field-error">{error}</p> : null}
      <div className="form-actions">
        <Button onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? M.close : value?.assetUrl ? M.change : M.pick}
        </Button>
        {value?.assetUrl ? (
          <Button variant="quiet" onClick={() => onChange(null)}>
            {M.remove}
          </Button>
        ) : null}
      </div>
      {open ? (
        <Choices
          onPick={(item) => {
            onChange(item.image);
            setOpen(false);
          }}
        />
      ) : null}
    </fieldset>
  );
}
