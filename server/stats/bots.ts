// Which senders count nothing: crawlers and link previewers, recognised by their user agent.
//
// `isbot` (npm) keeps the list: thousands of agents, maintained against real traffic, and it
// already names every one that matters here (WhatsApp, facebookexternalhit, Facebot, Slackbot,
// Twitterbot, TelegramBot, Discordbot, LinkedInBot, Googlebot, bingbot, Applebot, HeadlessChrome,
// curl and other HTTP libraries), while leaving the in-app browsers of Facebook, Instagram,
// Messenger, LinkedIn and TikTok alone (__tests__/unit/stats-bots.test.ts holds both lists).
// Most previewers never run the card's script, so they never send a beacon at all; the ones that
// do are crawlers that render pages (Googlebot, bingbot, Applebot) and headless browsers.
//
// Viber is not matched by name: its in-app browser says "Viber" too, and its link previewer
// fetches the page without running scripts. A beacon without a user agent does not come from a
// browser (navigator.sendBeacon always sends one), so it counts nothing either.
import { isbot } from 'isbot';

export function isKnownBot(userAgent: string | null): boolean {
  return !userAgent?.trim() || isbot(userAgent);
}
