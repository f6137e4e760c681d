import { Component, type ReactNode } from 'react';
import { useAppSetting } from '../../stores/app-setting-store';
import { useResolvedTheme } from '../../lib/theme/use-resolved-theme';

/** A chart that fails to draw leaves its place empty: a table next to it holds the same figures. */
export class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

let canvas: boolean | undefined;
/** Charts draw on a canvas: where none can be had (a browser that refuses it, a test DOM) tables alone show the figures. */
export function canvasDraws(): boolean {
  canvas ??= document.createElement('canvas').getContext('2d') !== null;
  return canvas;
}

/** The @ant-design/plots theme matching the app's: its light or dark palette and text colours. */
export function useChartTheme(): 'classic' | 'classicDark' {
  return useResolvedTheme(useAppSetting((setting) => setting.theme)) === 'dark' ? 'classicDark' : 'classic';
}
