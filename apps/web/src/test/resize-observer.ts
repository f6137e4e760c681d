/**
 * jsdom has no ResizeObserver; antd's auto-sizing textarea and react-virtuoso observe sizes.
 * jsdom lays nothing out, so there is never a size change to report.
 */
export function installResizeObserver(): void {
  globalThis.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}
