/**
 * Saves a downloaded file (`api.download`'s answer) under its name: the one way the web hands a blob to the
 * browser (exports, templates, receipts, reports, materials). The link is put in the page for the click (some
 * browsers ignore a click on a detached link) and its address freed a moment later.
 */
export function saveFile(file: { blob: Blob; filename: string }): void {
  const url = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
