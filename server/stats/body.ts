// Reads a request's body up to a limit. Content-Length is checked first (a cheap refusal), but a
// chunked body has none and a client can lie: the bytes are counted as they arrive, and the
// reading stops, cancelling the stream, as soon as they pass the limit.

export type CappedBody = { ok: true; text: string } | { ok: false };

export async function readCappedText(request: Request, maxBytes: number): Promise<CappedBody> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) return { ok: false };
  if (!request.body) return { ok: true, text: '' };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > maxBytes) {
      await reader.cancel().catch(() => {});
      return { ok: false };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, text: new TextDecoder().decode(bytes) };
}
