/** Browsers refuse canvases taller than about 32,000 px; stay under it. */
const maxCanvasSide = 30_000;
const transparentPixel = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class ExportTooLargeError extends Error {
  constructor() {
    super('The conversation is too long for one image');
    this.name = 'ExportTooLargeError';
  }
}

/**
 * Draws `node` (the whole conversation, rendered off-screen) into one PNG and downloads it.
 * Fonts, markdown and code highlighting get a moment to settle first.
 */
export async function exportElementToPng(node: HTMLElement, fileName: string): Promise<void> {
  await document.fonts?.ready;
  await nextFrame();
  await nextFrame();
  await pause(300);
  const { toPng } = await import('html-to-image');
  const height = node.scrollHeight;
  const pixelRatio = Math.min(window.devicePixelRatio || 1, 2, maxCanvasSide / Math.max(height, 1));
  if (pixelRatio < 0.5) throw new ExportTooLargeError();
  const url = await toPng(node, {
    pixelRatio,
    backgroundColor: getComputedStyle(node).backgroundColor,
    // Remote avatars the page may not read back are left blank instead of failing the export.
    imagePlaceholder: transparentPixel,
    // The copy drawn into the image sits in place, not off-screen where the original waits.
    style: { position: 'static', left: 'auto', top: 'auto' },
  });
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
}

export function exportFileName(title: string | undefined): string {
  const safe = (title ?? '').replace(/[\\/:*?"<>|\s]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return `${safe || 'chat'}.png`;
}
