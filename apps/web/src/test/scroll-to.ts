/**
 * jsdom has no Element.scrollTo; streamdown keeps a growing code block scrolled to its end with
 * it. jsdom lays nothing out, so there is nowhere to scroll: setting the offsets is all it does.
 */
export function installScrollTo(): void {
  Element.prototype.scrollTo ??= function scrollTo(this: Element, options?: ScrollToOptions | number, y?: number) {
    if (typeof options === 'number') {
      this.scrollLeft = options;
      this.scrollTop = y ?? 0;
      return;
    }
    if (options?.left !== undefined) this.scrollLeft = options.left;
    if (options?.top !== undefined) this.scrollTop = options.top;
  };
}
