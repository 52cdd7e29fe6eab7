// The owner's photo, made in the browser from the picture they pick: its middle square, once for
// the card (at most PHOTO_MAX_SIDE px, WebP where the browser encodes it, else JPEG, within
// PHOTO_TARGET_BYTES) and once for the vCard (192 px JPEG, base64 in thumbnailBase64). The
// picture is decoded once; the pure steps below are tested without a canvas.
import {
  PHOTO_CONTENT_TYPES,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_SIDE,
  PHOTO_TARGET_BYTES,
  type PhotoContentType,
} from '../../lib/card-photo';
import { THUMBNAIL_MAX_CHARS } from '../../lib/profile';

/** Address books show a contact photo at most a few hundred pixels wide. */
const THUMBNAIL_SIDE = 192;
const THUMBNAIL_QUALITIES = [0.85, 0.7, 0.55, 0.4];
const PHOTO_QUALITIES = [0.85, 0.75, 0.65, 0.5];

export class PhotoError extends Error {
  override name = 'PhotoError';
  constructor(readonly reason: 'not an image' | 'too large' | 'no canvas') {
    super(reason);
  }
}

export interface SquareCrop {
  /** The square taken from the picture: its top-left corner and its side, in source pixels. */
  sx: number;
  sy: number;
  size: number;
  /** The side it is drawn at: the square's own, never enlarged, at most `maxSide`. */
  side: number;
}

/** The middle square of a width × height picture, drawn at most maxSide px. */
export function squareCrop(width: number, height: number, maxSide: number): SquareCrop {
  const size = Math.min(width, height);
  return {
    sx: Math.floor((width - size) / 2),
    sy: Math.floor((height - size) / 2),
    size,
    side: Math.max(1, Math.min(size, maxSide)),
  };
}

/** The sides tried in turn when even the lowest quality does not fit: a busy picture gets smaller. */
export function photoSides(side: number): number[] {
  return [...new Set([side, Math.round(side * 0.75), Math.round(side * 0.5)])].filter((s) => s > 0);
}

/** Encodes a drawn picture as `type` at `quality`; null when the browser could not. */
export type Encoder = (type: PhotoContentType, quality: number) => Promise<Blob | null>;

export interface Encoded {
  blob: Blob;
  contentType: PhotoContentType;
}

/**
 * The first encoding within `maxBytes`, trying each type in order and, for each, falling
 * qualities. A browser that cannot encode a type answers with another (Safari gives PNG for
 * WebP): that type is skipped. Null when nothing fits.
 */
export async function encodeWithin(
  encode: Encoder,
  maxBytes: number,
  qualities: readonly number[] = PHOTO_QUALITIES,
  types: readonly PhotoContentType[] = PHOTO_CONTENT_TYPES,
): Promise<Encoded | null> {
  for (const contentType of types) {
    for (const quality of qualities) {
      const blob = await encode(contentType, quality);
      if (!blob || blob.type !== contentType) break;
      if (blob.size <= maxBytes) return { blob, contentType };
    }
  }
  return null;
}

function draw(bitmap: ImageBitmap, crop: SquareCrop, side: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new PhotoError('no canvas');
  // A white background: a transparent PNG would otherwise turn black in a JPEG.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, side, side);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, crop.sx, crop.sy, crop.size, crop.size, 0, 0, side, side);
  return canvas;
}

function canvasEncoder(canvas: HTMLCanvasElement): Encoder {
  return (type, quality) => new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/** Base64 of a JPEG's bytes, without the data: prefix. */
function base64Of(dataUrl: string): string {
  return dataUrl.slice(dataUrl.indexOf(',') + 1);
}

function thumbnailOf(bitmap: ImageBitmap): string {
  const canvas = draw(
    bitmap,
    squareCrop(bitmap.width, bitmap.height, THUMBNAIL_SIDE),
    THUMBNAIL_SIDE,
  );
  for (const quality of THUMBNAIL_QUALITIES) {
    const base64 = base64Of(canvas.toDataURL('image/jpeg', quality));
    if (base64.length <= THUMBNAIL_MAX_CHARS) return base64;
  }
  throw new PhotoError('too large');
}

export interface PreparedPhoto {
  /** The card's photo, as uploaded. */
  bytes: Uint8Array<ArrayBuffer>;
  contentType: PhotoContentType;
  /** Its side in pixels. */
  side: number;
  /** The vCard's photo. */
  thumbnailBase64: string;
}

/** Both photos from one picked picture (JPEG, PNG, WebP, or HEIC where the browser decodes it). */
export async function preparePhoto(file: Blob): Promise<PreparedPhoto> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new PhotoError('not an image');
  }
  try {
    const crop = squareCrop(bitmap.width, bitmap.height, PHOTO_MAX_SIDE);
    for (const side of photoSides(crop.side)) {
      const encoded = await encodeWithin(
        canvasEncoder(draw(bitmap, crop, side)),
        PHOTO_TARGET_BYTES,
      );
      // The target is below the rules' limit; the limit is what an upload must never pass.
      if (encoded && encoded.blob.size <= PHOTO_MAX_BYTES) {
        return {
          bytes: new Uint8Array(await encoded.blob.arrayBuffer()),
          contentType: encoded.contentType,
          side,
          thumbnailBase64: thumbnailOf(bitmap),
        };
      }
    }
    throw new PhotoError('too large');
  } finally {
    bitmap.close();
  }
}
