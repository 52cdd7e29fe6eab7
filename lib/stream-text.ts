// A stream of UTF-8 bytes as one string: how React's static renderer hands over its document, to
// the card's routes (server/card/static-html.ts) and to the console's preview
// (components/account/card-preview-html.tsx), each with its own copy of the renderer.
export async function streamText(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    text += decoder.decode(value, { stream: true });
  }
}
