/**
 * @jest-environment jsdom
 */
// The sheet's first field takes focus on the first frame it can, not after a guessed delay.
import {
  FOCUS_DEADLINE_MS,
  focusFirstFieldWhenShown,
} from '@/components/exchange/focus-when-shown';

/** A container whose first field refuses focus (like a `visibility: hidden` one) until shown. */
function sheet() {
  const container = document.createElement('div');
  container.innerHTML = '<input name="name"><input name="email">';
  document.body.replaceChildren(container);
  const [first, second] = container.querySelectorAll('input');
  let shown = false;
  const focus = first.focus.bind(first);
  first.focus = (options?: FocusOptions) => {
    if (shown) focus(options);
  };
  return { container, first, second, show: () => (shown = true) };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('focus lands on the first field in the first frame it is shown', () => {
  const { container, first, show } = sheet();
  focusFirstFieldWhenShown(() => container);
  jest.advanceTimersByTime(200);
  expect(document.activeElement).toBe(document.body);
  show();
  jest.advanceTimersByTime(20);
  expect(document.activeElement).toBe(first);
});

test('focus the visitor already moved into the sheet is left where it is', () => {
  const { container, second, show } = sheet();
  focusFirstFieldWhenShown(() => container);
  second.focus();
  show();
  jest.advanceTimersByTime(200);
  expect(document.activeElement).toBe(second);
});

test('it stops trying when stopped, and after its deadline', () => {
  const stopped = sheet();
  const stop = focusFirstFieldWhenShown(() => stopped.container);
  stop();
  stopped.show();
  jest.advanceTimersByTime(200);
  expect(document.activeElement).toBe(document.body);

  const late = sheet();
  focusFirstFieldWhenShown(() => late.container);
  jest.advanceTimersByTime(FOCUS_DEADLINE_MS + 100);
  late.show();
  jest.advanceTimersByTime(200);
  expect(document.activeElement).toBe(document.body);
});
