test('jest runs TypeScript', () => {
  expect([1, 2].map((n) => n * 2)).toEqual([2, 4]);
});
