import type { Element, Root } from 'hast';

/** What stands in the tree for an image from another site: drawn by remote-image.tsx. */
export const remoteImageTag = 'remote-image';

/** An image address on another site, made absolute; null for this site's own and for what is not http(s). */
function remoteAddress(src: unknown): string | null {
  if (typeof src !== 'string') return null;
  try {
    const url = new URL(src.trim(), window.location.origin);
    const web = url.protocol === 'https:' || url.protocol === 'http:';
    return web && url.origin !== window.location.origin ? url.href : null;
  } catch {
    return null;
  }
}

function stringProperty(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function standIn(image: Element, url: string, insideLink: boolean): Element {
  const { alt, title } = image.properties;
  return {
    type: 'element',
    tagName: remoteImageTag,
    properties: { url, alt: stringProperty(alt), title: stringProperty(title), insideLink },
    children: [],
  };
}

function replaceRemoteImages(parent: Root | Element, insideLink: boolean): void {
  const { children } = parent;
  for (let index = children.length - 1; index >= 0; index -= 1) {
    const child = children[index];
    if (child?.type !== 'element') continue;
    // A <picture>'s sources would have its image load from their srcset: the image alone stays.
    if (child.tagName === 'source') {
      children.splice(index, 1);
      continue;
    }
    const url = child.tagName === 'img' ? remoteAddress(child.properties.src) : null;
    if (url) children[index] = standIn(child, url, insideLink);
    else replaceRemoteImages(child, insideLink || child.tagName === 'a');
  }
}

/**
 * Every <img> from another site, whatever wrote it (`![x](url)`, `![x][ref]`, raw HTML), becomes a
 * remote-image element, which loads nothing by itself: a model told by a prompt injection to put
 * chat data into an image address would otherwise have the reader's browser send it away. Runs
 * after sanitising, on the tree every renderer of model and agent text draws.
 */
export function rehypeRemoteImages() {
  return (tree: Root) => {
    replaceRemoteImages(tree, false);
  };
}
