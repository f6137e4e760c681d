import { useCallback } from 'react';
import { useSiteConfig } from '../api/get-site-config';
import { imageLoadsInline } from '../lib/image-hosts';

/** imageLoadsInline with the hosts the server allows; until its config arrives, only this site's own pictures load. */
export function useImageLoadsInline(): (address: string) => boolean {
  const allowedHosts = useSiteConfig().data?.images.allowedHosts;
  return useCallback((address: string) => imageLoadsInline(address, allowedHosts ?? []), [allowedHosts]);
}
