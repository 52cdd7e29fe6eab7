// Windows-1253, the code page Excel in Greek saves a «CSV» in, written here from the code page's
// table rather than decoded by the code under test: the tests' files are the bytes Greek offices
// send.

/**
 * The bytes of `text` (ASCII and the Greek letters): the Greek block sits 0x2D0 below its Unicode
 * code points, except «Ά», which is 0xA2.
 */
export function windows1253(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from([...text], (char) => {
    const code = char.codePointAt(0) as number;
    if (code < 0x80) return code;
    if (char === 'Ά') return 0xa2;
    if (code >= 0x388 && code <= 0x3ce && code !== 0x38b && code !== 0x38d) return code - 0x2d0;
    throw new Error(`not in this table: ${char}`);
  });
}
