/**
 * @jest-environment jsdom
 */
// Tab kept inside the card's plain form and the exchange sheet (one function for both).
import { trapTab } from '@/browser/card/trap-tab';

function modal() {
  const dialog = document.createElement('div');
  dialog.innerHTML = `
    <button type="button" id="close">×</button>
    <input id="name"><div tabindex="-1" id="skipped"></div>
    <button type="submit" id="send">Send</button>
    <a href="/privacy" id="privacy">privacy</a>
    <a id="no-href">not a link</a>`;
  document.body.replaceChildren(dialog);
  const el = (id: string) => document.getElementById(id)!;
  dialog.addEventListener('keydown', (event) => trapTab(event, dialog));
  const press = (key: string, shiftKey = false) => {
    const event = new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true });
    (document.activeElement ?? document.body).dispatchEvent(event);
    return event.defaultPrevented;
  };
  return { el, press };
}

test('Tab on the last focusable element goes to the first, Shift+Tab on the first to the last', () => {
  const { el, press } = modal();
  el('privacy').focus();
  expect(press('Tab')).toBe(true);
  expect(document.activeElement).toBe(el('close'));
  expect(press('Tab', true)).toBe(true);
  expect(document.activeElement).toBe(el('privacy'));
});

test('anywhere else, and for any other key, the browser moves focus as usual', () => {
  const { el, press } = modal();
  el('name').focus();
  expect(press('Tab')).toBe(false);
  expect(press('Tab', true)).toBe(false);
  el('privacy').focus();
  expect(press('Tab', true)).toBe(false);
  expect(press('Enter')).toBe(false);
  expect(document.activeElement).toBe(el('privacy'));
});

test('a disabled button is no edge: the one before it is the last', () => {
  const { el, press } = modal();
  el('privacy').remove();
  el('send').setAttribute('disabled', '');
  el('name').focus();
  expect(press('Tab')).toBe(true);
  expect(document.activeElement).toBe(el('close'));
});

test('nothing focusable: nothing happens', () => {
  const dialog = document.createElement('div');
  document.body.replaceChildren(dialog);
  const event = new KeyboardEvent('keydown', { key: 'Tab', cancelable: true });
  trapTab(event, dialog);
  expect(event.defaultPrevented).toBe(false);
});
