import { CollectionType } from '@baukasten/commerce';
import type { Storage } from '@baukasten/storage';
import { showsTitle } from '../../pages/page-context.js';
import { PAGE_KINDS, type PageKind } from './page-input.js';

/** A collection as the editor reads it: with its draft, when it has unpublished changes. */
export type EditableCollection = NonNullable<Awaited<ReturnType<Storage['collections']['findEditable']>>>;

const KIND_BY_TYPE: Record<number, PageKind> = {
  [CollectionType.PAGE]: 'page',
  [CollectionType.PRODUCTS]: 'products',
  [CollectionType.GENERIC]: 'blog',
  [CollectionType.SLIDE_GALLERY]: 'gallery',
};

/** Blog and events share the collection type generic (1); the kind the owner chose is kept in settings. */
export function pageKindOf(collection: EditableCollection): PageKind | 'other' {
  const kept = collection.settings.pageKind;
  if (typeof kept === 'string' && Object.hasOwn(PAGE_KINDS, kept)) return kept as PageKind;
  // Collections made outside the editor (the demo's journal and events) say it in typeName.
  const typeName = collection.settings.typeName;
  if (collection.type === CollectionType.GENERIC && (typeName === 'blog' || typeName === 'events'))
    return typeName;
  return KIND_BY_TYPE[collection.type] ?? 'other';
}

const stringSetting = (collection: EditableCollection, key: string) => {
  const value = collection.settings[key];
  return typeof value === 'string' ? value : null;
};

export function collectionView(collection: EditableCollection) {
  const socialImage = collection.settings.socialImage as { assetUrl?: string; altText?: string } | undefined;
  return {
    id: collection.id,
    type: pageKindOf(collection),
    /** The collection-type code of spec 3. */
    typeCode: collection.type,
    title: collection.title,
    urlId: collection.urlId,
    fullUrl: collection.urlId ? `/${collection.urlId}` : '/',
    isHomePage: collection.urlId === '',
    position: collection.position,
    hidden: collection.hidden,
    showTitle: showsTitle(collection),
    seo: {
      title: stringSetting(collection, 'seoTitle'),
      description: collection.description ?? null,
      socialImage: socialImage?.assetUrl
        ? { assetUrl: socialImage.assetUrl, altText: socialImage.altText ?? '' }
        : null,
    },
    hasUnpublishedChanges: collection.draftBlocks !== undefined,
    draftUpdatedAt: collection.draftUpdatedAt ?? null,
    createdAt: collection.createdAt,
    updatedAt: collection.updatedAt,
  };
}

/** A page with both versions of its content: what visitors see and what the editor last saved. */
export function collectionDetailView(collection: EditableCollection) {
  return {
    collection: collectionView(collection),
    blocks: {
      live: collection.blocks,
      draft: collection.draftBlocks ?? collection.blocks,
      hasUnpublishedChanges: collection.draftBlocks !== undefined,
    },
  };
}
