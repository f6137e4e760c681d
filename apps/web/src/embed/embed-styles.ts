/**
 * The launcher's and the panel frame's styles, inside the shadow root: the host page's CSS cannot
 * reach them, and they reach nothing of the page. Brand colours as in lib/theme/brand.ts.
 */
export const embedStyles = `
:host { all: initial; }
.launcher {
  position: fixed; right: 20px; bottom: calc(20px + env(safe-area-inset-bottom, 0px)); z-index: 2147483000;
  width: 56px; height: 56px; padding: 0; margin: 0; border: 0; border-radius: 50%;
  display: grid; place-items: center; cursor: pointer;
  background: #d4400f; color: #fff; box-shadow: 0 6px 20px rgba(0, 0, 0, 0.24);
  transition: transform 0.15s ease, background-color 0.15s ease;
}
.launcher:hover { background: #b73910; transform: scale(1.05); }
.launcher:focus-visible { outline: 3px solid #fff; box-shadow: 0 0 0 6px #d4400f, 0 6px 20px rgba(0, 0, 0, 0.24); }
.launcher svg { width: 28px; height: 28px; display: block; }
.launcher .when-open, .launcher[aria-expanded='true'] .when-closed { display: none; }
.launcher[aria-expanded='true'] .when-open { display: block; }
.panel {
  position: fixed; right: 20px; bottom: calc(88px + env(safe-area-inset-bottom, 0px)); z-index: 2147483000;
  width: 380px; height: min(640px, calc(100vh - 108px)); max-width: calc(100vw - 40px);
  border-radius: 16px; overflow: hidden; background: #fff;
  box-shadow: 0 12px 48px rgba(0, 0, 0, 0.28);
}
.panel[hidden] { display: none; }
/* on a dark page a shadow does not show the panel's edge: a faint light ring does */
.panel.dark { background: #141414; box-shadow: 0 12px 48px rgba(0, 0, 0, 0.6), 0 0 0 1px rgba(255, 255, 255, 0.14); }
@media (prefers-color-scheme: dark) { .panel.auto { background: #141414; box-shadow: 0 12px 48px rgba(0, 0, 0, 0.6), 0 0 0 1px rgba(255, 255, 255, 0.14); } }
.panel iframe { width: 100%; height: 100%; border: 0; display: block; color-scheme: normal; }
@media (max-width: 480px) {
  .panel { inset: 0; width: 100%; height: 100%; max-width: none; border-radius: 0; }
  .wrap.open .launcher { display: none; }
}
@media (prefers-reduced-motion: reduce) { .launcher { transition: none; } }
`;

/** A speech bubble (closed) and a chevron (open), drawn in currentColor. */
export const launcherIcons = `
<svg class="when-closed" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M12 3C6.5 3 2 6.6 2 11c0 2.4 1.3 4.5 3.4 6l-.9 3.3c-.1.4.3.8.7.6L9.4 19c.8.2 1.7.3 2.6.3 5.5 0 10-3.6 10-8.1S17.5 3 12 3Zm-4 9.3a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6Zm4 0a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6Zm4 0a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6Z"/></svg>
<svg class="when-open" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round" d="m6 9 6 6 6-6"/></svg>
`;
