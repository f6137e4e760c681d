import type { Config } from '../../config.js';

/**
 * The hosts among `addresses` that browsers will not load pictures from: the CSP lets them come
 * only from this site, `data:` and https on the hosts in IMAGE_HOSTS_ALLOWED (plain http never).
 */
export function unshownPictureHosts(config: Pick<Config, 'IMAGE_HOSTS_ALLOWED'>, addresses: readonly string[]): string[] {
  const hosts = new Set<string>();
  for (const address of addresses) {
    if (!URL.canParse(address)) continue;
    const url = new URL(address);
    if (url.protocol === 'https:' && config.IMAGE_HOSTS_ALLOWED.includes(url.host)) continue;
    if (url.protocol === 'https:' || url.protocol === 'http:') hosts.add(url.protocol === 'http:' ? `${url.host} (plain http)` : url.host);
  }
  return [...hosts];
}
