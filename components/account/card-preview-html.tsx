// The preview's document: the card's own top component (components/card/CardDocument.tsx), drawn
// by React's static renderer as the card route draws it (prerender, web streams), from the form's
// unsaved values. Loaded with the preview only, so the rest of the console never carries the
// renderer.
// Next's own copy of the renderer, as its server renders with: the one copy that matches the
// React the console runs on (Next's compiled React). `react-dom/static` here resolves to the
// project's react-dom, whose version differs, and React refuses to mix the two (error 527).
import { prerender } from 'next/dist/compiled/react-dom/static.edge';
import { CardDocument } from '@/components/card/CardDocument';
import type { PublicProfile } from '@/lib/profile';
import type { CardLanguage } from '@/lib/routes';
import { streamText } from '@/lib/stream-text';

/** A photo picked but not saved yet: the path the card will name, and the file's blob: URL. */
export interface PreviewPhoto {
  path: string;
  url: string;
}

/**
 * The card as it will look, as one HTML document with the card's stylesheet inline and no script
 * at all (the card's own script, its JSON-LD: none of them belongs in a preview). A picked photo
 * is not at its path before the save: the card's image of that path shows the file instead.
 * `profile` is already in `lang` (lib/card-language.ts); the document says which language it is.
 */
export async function cardPreviewHtml(
  profile: PublicProfile,
  css: string,
  photo: PreviewPhoto | null,
  lang: CardLanguage = 'el',
): Promise<string> {
  const { prelude } = await prerender(
    <CardDocument profile={profile} assets={{ css, enhance: '', sheet: '', sheetCss: '' }} />,
  );
  const page = new DOMParser().parseFromString(await streamText(prelude), 'text/html');
  for (const script of page.querySelectorAll('script')) script.remove();
  page.documentElement.lang = lang;
  if (photo) {
    const named = encodeURIComponent(photo.path);
    // The photo's preload (React writes one for a high-priority image) would ask the image
    // optimiser for a path that does not exist yet, which answers 404.
    for (const preload of page.querySelectorAll('link[rel="preload"]')) {
      const wants = `${preload.getAttribute('href') ?? ''} ${preload.getAttribute('imagesrcset') ?? ''}`;
      if (wants.includes(named) || wants.includes(photo.path)) preload.remove();
    }
    for (const image of page.images) {
      const src = image.getAttribute('src') ?? '';
      if (src !== photo.path && !src.includes(named)) continue;
      image.removeAttribute('srcset');
      image.removeAttribute('sizes');
      image.setAttribute('src', photo.url);
    }
  }
  return `<!DOCTYPE html>${page.documentElement.outerHTML}`;
}
