/**
 * Hands `text` to the browser as a download named `filename`: a Blob URL behind a temporary
 * `<a download>`, clicked, removed, and its URL revoked once the click has started the download (a URL
 * revoked in the same task can cancel it in some browsers).
 */
export function saveFile(text: string, { filename, type }: { filename: string; type: string }): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  // Firefox follows only a link that is in the document.
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
