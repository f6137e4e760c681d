/**
 * jsdom's Blob has no arrayBuffer() or text(), which browsers (and Node) have: the real server's
 * PGlite reads its extension bundles through arrayBuffer() when a component test starts the
 * server in jsdom, and the console reads a chosen import file with text().
 */
export function installBlobArrayBuffer(): void {
  Blob.prototype.arrayBuffer ??= function arrayBuffer(this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(this);
    });
  };
  Blob.prototype.text ??= function text(this: Blob) {
    return new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.onerror = () => reject(reader.error);
      reader.readAsText(this);
    });
  };
}
