import { ContentType, type Media } from '@kith/core';

/** What the pipeline does with an attachment. */
export type AttachmentKind = 'image' | 'text' | 'document' | 'other';

const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'avif', 'heic', 'heif', 'tif', 'tiff']);
const TEXT_EXTENSIONS = new Set(['txt', 'md', 'markdown', 'json', 'csv', 'log']);
const TEXT_MEDIA_TYPES = new Set(['text/plain', 'text/markdown', 'text/x-markdown', 'text/csv', 'application/json']);

/** The media type without parameters, lower-cased: 'text/plain; charset=utf-8' -> 'text/plain'. */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

export function isTextMediaType(contentType: string | undefined): boolean {
  const type = mediaTypeOf(contentType);
  return TEXT_MEDIA_TYPES.has(type) || type.endsWith('+json');
}

function extensionOf(url: string): string {
  try {
    const { pathname } = new URL(url);
    const dot = pathname.lastIndexOf('.');
    return dot > pathname.lastIndexOf('/') ? pathname.slice(dot + 1).toLowerCase() : '';
  } catch {
    return '';
  }
}

/** The file name at the end of the URL's path, if any. */
export function fileNameOf(url: string): string | undefined {
  try {
    const name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
    return name || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Images: a declared image type, a data:image URL or an image file
 * extension. Text: a declared text type, or a text extension on an
 * attachment without a more specific type. Document: declared a document
 * of unknown format; fetched and kept only if the server says it is text.
 */
export function attachmentKind(media: Media): AttachmentKind {
  const declared = mediaTypeOf(media.contentType);
  if (
    declared === (ContentType.IMAGE as string) ||
    declared.startsWith('image/') ||
    media.url.startsWith('data:image/')
  )
    return 'image';
  if (isTextMediaType(declared)) return 'text';
  const extension = extensionOf(media.url);
  const unspecific =
    declared === '' ||
    declared === (ContentType.DOCUMENT as string) ||
    declared === (ContentType.LINK as string) ||
    declared === 'application/octet-stream';
  if (unspecific && IMAGE_EXTENSIONS.has(extension)) return 'image';
  if (unspecific && TEXT_EXTENSIONS.has(extension)) return 'text';
  if (declared === (ContentType.DOCUMENT as string)) return 'document';
  return 'other';
}
