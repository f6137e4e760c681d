/**
 * The built-in agent avatars: small SVGs drawn here (a gradient and a white glyph), served at
 * `/files/avatars/<key>.svg`. Nothing user-given goes into them.
 */
const glyphs = {
  bot: '<rect x="30" y="38" width="60" height="46" rx="12"/><circle cx="48" cy="60" r="6" fill="url(#g)"/><circle cx="72" cy="60" r="6" fill="url(#g)"/><rect x="56" y="24" width="8" height="14" rx="4"/>',
  chart: '<path d="M26 86 L48 60 L64 72 L94 36" fill="none" stroke="#fff" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>',
  coin: '<circle cx="60" cy="60" r="32"/><text x="60" y="73" font-size="36" font-family="sans-serif" font-weight="700" text-anchor="middle" fill="url(#g)">$</text>',
  book: '<path d="M28 34 h26 a8 8 0 0 1 6 3 a8 8 0 0 1 6 -3 h26 v50 h-26 a8 8 0 0 0 -6 3 a8 8 0 0 0 -6 -3 h-26 z"/>',
  pen: '<path d="M34 86 l6 -20 l36 -36 l14 14 l-36 36 z"/>',
  bolt: '<path d="M66 22 L34 66 h22 l-6 32 l36 -46 h-22 z"/>',
  globe: '<circle cx="60" cy="60" r="32" fill="none" stroke="#fff" stroke-width="7"/><path d="M28 60 h64 M60 28 c-16 18 -16 46 0 64 c16 -18 16 -46 0 -64" fill="none" stroke="#fff" stroke-width="6"/>',
  star: '<path d="M60 24 l10 24 l26 2 l-20 17 l7 25 l-23 -14 l-23 14 l7 -25 l-20 -17 l26 -2 z"/>',
} as const;

const palettes = [
  ['#ff7a45', '#ff4d4f'],
  ['#36cfc9', '#1677ff'],
  ['#73d13d', '#13a8a8'],
  ['#9254de', '#f759ab'],
  ['#ffc53d', '#fa541c'],
  ['#597ef7', '#2f54eb'],
  ['#5cdbd3', '#389e0d'],
  ['#ff85c0', '#9254de'],
] as const;

function svgFor(glyph: string, [from, to]: readonly [string, string]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="120" height="120" rx="28" fill="url(#g)"/><g fill="#fff">${glyph}</g></svg>`;
}

export const builtInAvatars: ReadonlyMap<string, string> = new Map(
  Object.entries(glyphs).map(([key, glyph], index) => [key, svgFor(glyph, palettes[index % palettes.length]!)]),
);

export function builtInAvatarUrl(key: string): string {
  return `/files/avatars/${key}.svg`;
}
