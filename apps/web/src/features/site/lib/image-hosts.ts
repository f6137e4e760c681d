/**
 * Whether a picture may load by itself: one this site serves (its own address, `data:`, `blob:`),
 * or one over https from a host the operator allows (IMAGE_HOSTS_ALLOWED, which the CSP also
 * names). Any other address would tell another server that, and when, the page was read.
 */
export function imageLoadsInline(address: string, allowedHosts: readonly string[], origin = window.location.origin): boolean {
  let url: URL;
  try {
    url = new URL(address, origin);
  } catch {
    return false;
  }
  if (url.protocol === 'data:' || url.protocol === 'blob:' || url.origin === origin) return true;
  // `host`, not `hostname`: the CSP's https://<host> allows the default port only
  return url.protocol === 'https:' && allowedHosts.includes(url.host);
}
