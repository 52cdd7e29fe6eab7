// The owner's accent colour as the card's HTML carries it: custom properties in the style
// attribute of <body> (the card's CSP allows style attributes, style-src-attr), which card.css
// reads for the header and the buttons in each scheme; none without an accent colour.
import type { CSSProperties } from 'react';
import { accentColors } from '@/lib/theme';

export function accentStyle(accentColor: string | undefined): CSSProperties | undefined {
  if (!accentColor) return undefined;
  const { light, dark } = accentColors(accentColor);
  // React writes custom properties as they are named; its CSSProperties type does not list them.
  return {
    '--accent-light': light.background,
    '--on-accent-light': light.text,
    '--accent-dark': dark.background,
    '--on-accent-dark': dark.text,
  } as CSSProperties;
}
