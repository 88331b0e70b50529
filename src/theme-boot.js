// Sets the theme class before first paint: dark unless 'light' is stored under 'theme'.
(function () {
  var dark = true;
  try {
    dark = window.localStorage.getItem('theme') !== 'light';
  } catch {
    dark = true;
  }
  var root = document.documentElement;
  if (dark) root.classList.add('dark');
  else root.classList.remove('dark');
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
