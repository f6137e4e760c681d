// Applies the stored theme and language before the app loads, so dark mode does not flash white.
// A file rather than an inline script, so the Content-Security-Policy can forbid inline scripts.
(function () {
  var setting;
  try {
    setting = JSON.parse(localStorage.getItem('appSetting') || '{}') || {};
  } catch {
    setting = {};
  }
  var prefersDark = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
  var dark = setting.theme === 'dark' || (setting.theme === 'auto' && prefersDark);
  if (dark) document.documentElement.classList.add('dark');
  if (typeof setting.language === 'string') document.documentElement.lang = setting.language;
  // the static first-paint shell (index.html): the sidebar only on the pages that have one
  var mainLayout = /^\/(home|chat|discover|create|edit|setting|user|upload|account|role)?(\/|$)/.test(location.pathname);
  if (!mainLayout) document.documentElement.setAttribute('data-shell', 'page');
})();
