// Saving a file made in the browser (the card's vCard, the console's CSV, .vcf and QR) through
// the browser's download.

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the URL is not needed afterwards.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadText(text: string, type: string, fileName: string): void {
  downloadBlob(new Blob([text], { type }), fileName);
}
