/**
 * A fetch for requests whose upload progress is shown: fetch reports none, XMLHttpRequest does
 * (`upload.onprogress`). Resolves with a Response like fetch, so the client reads the envelope
 * the same way; rejects with a TypeError when no answer came and an AbortError when cancelled.
 */
export function xhrFetch(url: string, init: { method: string; headers: Headers; body?: XMLHttpRequestBodyInit; signal?: AbortSignal }, onUploadProgress: (fraction: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    if (init.signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    xhr.open(init.method, url);
    init.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onUploadProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      init.signal?.removeEventListener('abort', abort);
      onUploadProgress(1);
      const headers = new Headers();
      const type = xhr.getResponseHeader('content-type');
      if (type) headers.set('content-type', type);
      // Response refuses a body for 204/304 and statuses below 200.
      const empty = xhr.status === 204 || xhr.status === 304;
      resolve(new Response(empty ? null : xhr.responseText, { status: xhr.status || 200, headers }));
    };
    xhr.onerror = () => {
      init.signal?.removeEventListener('abort', abort);
      reject(new TypeError('The upload got no answer'));
    };
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    init.signal?.addEventListener('abort', abort, { once: true });
    xhr.send(init.body ?? null);
  });
}
