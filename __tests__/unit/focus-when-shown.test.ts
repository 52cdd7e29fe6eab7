/**
 * @jest-environment jsdom
 */
// The sheet's first field takes focus on the first frame it can, not after a guessed delay; taking
// over from the card's plain form, the field it names does, and the take-over runs in that frame.
import {
  FOCUS_DEADLINE_MS,
  focusFirstFieldWhenShown,
  focusWhenShown,
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

test('the field is asked for each frame; the callback runs once, in the frame focus first holds', () => {
  const { first, second } = sheet();
  const asked: number[] = [];
  const focused: Element[] = [];
  let frame = 0;
  focusWhenShown(
    () => {
      asked.push(++frame);
      // The first field refuses focus (never shown here); the second is named from the third frame.
      return frame < 3 ? first : second;
    },
    (field) => focused.push(field),
  );
  jest.advanceTimersByTime(20);
  expect(focused).toEqual([]);
  jest.advanceTimersByTime(200);
  expect(asked).toEqual([1, 2, 3]);
  expect(focused).toEqual([second]);
  expect(document.activeElement).toBe(second);
});

test('in the callback, focus is already on the field (a key typed next lands there)', () => {
  const { first, show } = sheet();
  let activeThen: Element | null = null;
  focusWhenShown(
    () => first,
    () => (activeThen = document.activeElement),
  );
  show();
  jest.advanceTimersByTime(20);
  expect(activeThen).toBe(first);
});

test('no callback once stopped, nor past the deadline', () => {
  const stopped = sheet();
  const onFocused = jest.fn();
  const stop = focusWhenShown(() => stopped.first, onFocused);
  stop();
  stopped.show();
  jest.advanceTimersByTime(200);

  const late = sheet();
  focusWhenShown(() => late.first, onFocused);
  jest.advanceTimersByTime(FOCUS_DEADLINE_MS + 100);
  late.show();
  jest.advanceTimersByTime(200);
  expect(onFocused).not.toHaveBeenCalled();
  expect(document.activeElement).toBe(document.body);
});

test('no field yet (the sheet not mounted): it keeps asking', () => {
  const { first, show } = sheet();
  let mounted = false;
  const onFocused = jest.fn();
  focusWhenShown(() => (mounted ? first : null), onFocused);
  show();
  jest.advanceTimersByTime(100);
  expect(onFocused).not.toHaveBeenCalled();
  mounted = true;
  jest.advanceTimersByTime(20);
  expect(onFocused).toHaveBeenCalledWith(first);
});
