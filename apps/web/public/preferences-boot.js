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
})();
