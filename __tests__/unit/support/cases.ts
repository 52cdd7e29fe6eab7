// Tables of what a function returns: each case is [input, expected], and the function's result
// for the input must be the expected value (toBe).

type Case<I, O> = readonly [input: I, expected: O];

/** One test per case, titled as test.each titles it: by default "input → expected", as JSON. */
export function testReturns<I, O>(
  fn: (input: I) => O,
  cases: readonly Case<I, O>[],
  title = '%j → %j',
): void {
  test.each(cases)(title, (input, expected) => {
    expect(fn(input)).toBe(expected);
  });
}

/** Inside one test, whose title says what the cases have in common: every case holds. */
export function expectReturns<I, O>(fn: (input: I) => O, cases: readonly Case<I, O>[]): void {
  for (const [input, expected] of cases) expect(fn(input)).toBe(expected);
}
