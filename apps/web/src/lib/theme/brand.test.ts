import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { antdTheme } from './antd-theme';

function channel(value: number): number {
  const v = value / 255;
  return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

function luminance(color: string): number {
  const hex = color.replace('#', '').slice(0, 6);
  const [r = 0, g = 0, b = 0] = [0, 2, 4].map((i) => channel(parseInt(hex.slice(i, i + 2), 16)));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Blends an rgba() colour over an opaque hex background, as the screen shows it. */
function over(color: string, background: string): string {
  const rgba = color.match(/rgba?\(([^)]+)\)/);
  if (!rgba?.[1]) return color;
  const [r = 0, g = 0, b = 0, a = 1] = rgba[1].split(',').map(Number);
  const bg = [0, 2, 4].map((i) => parseInt(background.replace('#', '').slice(i, i + 2), 16));
  const mix = [r, g, b].map((c, i) => Math.round(c * a + (bg[i] ?? 0) * (1 - a)));
  return `#${mix.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(over(a, b)), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe.each(['light', 'dark'] as const)('the primary colour in the %s theme', (mode) => {
  const token = theme.getDesignToken(antdTheme(mode));

  it('carries white button text at 4.5:1 or better, also pressed (the shade global.css gives a hovered button)', () => {
    expect(contrast('#ffffff', token.colorPrimary)).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#ffffff', token.colorPrimaryActive)).toBeGreaterThanOrEqual(4.5);
  });

  it('stands out from the page and panel backgrounds at 3:1 or better', () => {
    expect(contrast(token.colorPrimary, token.colorBgContainer)).toBeGreaterThanOrEqual(3);
    expect(contrast(token.colorPrimary, token.colorBgLayout)).toBeGreaterThanOrEqual(3);
  });
});

describe.each(['light', 'dark'] as const)('secondary text in the %s theme', (mode) => {
  const token = theme.getDesignToken(antdTheme(mode));

  it.each(['colorTextSecondary', 'colorTextDescription', 'colorTextPlaceholder'] as const)(
    '%s reads at 4.5:1 or better on the page and on panels',
    (name) => {
      for (const background of [token.colorBgContainer, token.colorBgLayout, token.colorBgElevated]) {
        expect(contrast(token[name], background)).toBeGreaterThanOrEqual(4.5);
      }
    },
  );
});

describe.each(['light', 'dark'] as const)('coloured text in the %s theme', (mode) => {
  const config = antdTheme(mode);
  const token = theme.getDesignToken(config);
  const surfaces = [token.colorBgContainer, token.colorBgLayout, token.colorBgElevated];

  it.each(['colorPrimaryText', 'colorLink', 'colorError'] as const)('%s reads at 4.5:1 or better on the page and on panels', (name) => {
    for (const background of surfaces) expect(contrast(token[name], background)).toBeGreaterThanOrEqual(4.5);
  });

  it('the primary text reads at 4.5:1 or better on the primary tint (the current account page)', () => {
    expect(contrast(token.colorPrimaryText, token.colorPrimaryBg)).toBeGreaterThanOrEqual(4.5);
  });

  it('a selected tab is written in the primary text colour', () => {
    expect(config.components?.Tabs?.itemSelectedColor).toBe(token.colorPrimaryText);
  });

  it('a solid danger button carries its text at 4.5:1 or better', () => {
    expect(contrast(config.components?.Button?.dangerColor ?? '', token.colorError)).toBeGreaterThanOrEqual(4.5);
  });
});
