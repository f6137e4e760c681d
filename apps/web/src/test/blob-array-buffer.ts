/**
 * jsdom's Blob has no arrayBuffer(), which browsers (and Node) have; the real server's PGlite
 * reads its extension bundles through it when a component test starts the server in jsdom.
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
}
