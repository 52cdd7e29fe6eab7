// Reads a request's body up to a limit. Content-Length is checked first (a cheap refusal), but a
// chunked body has none and a client can lie: the bytes are counted as they arrive, and the
// reading stops, cancelling the stream, as soon as they pass the limit.

export type CappedBody = { ok: true; text: string } | { ok: false };

/** The body's bytes, or null once they pass `maxBytes`. */
export async function readCappedBytes(
  request: Request,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) return null;
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export async function readCappedText(request: Request, maxBytes: number): Promise<CappedBody> {
  const bytes = await readCappedBytes(request, maxBytes);
  return bytes ? { ok: true, text: new TextDecoder().decode(bytes) } : { ok: false };
}
