import 'server-only';
import type { ReactElement } from 'react';
import { prerender } from 'react-dom/static.edge';
import { streamText } from '@/lib/stream-text';

/**
 * A whole HTML document from React components, as static markup with no script of React's: what
 * the card's routes answer. React's static renderer escapes text and attributes, and the text of
 * an inline <script> or <style> so that nothing in it can close the element early.
 *
 * Its explicit web-streams entry point: a route handler is refused `react-dom/server` at build
 * time, and Next maps `react-dom/static.node` to React's server-component stub; Next's page
 * renderer would add the framework's scripts the card does without (docs/performance.md). The
 * components it renders cannot use hooks, since the route's React is not the renderer's. For an
 * <html> root React writes the doctype itself.
 */
export async function renderDocument(document: ReactElement): Promise<string> {
  const { prelude } = await prerender(document);
  return streamText(prelude);
}
