// The card's script (card-script.ts), loaded as a module by the card's HTML.
import { enhanceCard } from './card-script';

const card = document.querySelector<HTMLElement>('[data-card]');
if (card) enhanceCard(card);
