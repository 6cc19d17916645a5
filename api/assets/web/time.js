// tegami: every <time datetime> on a page is shown in the reader's own time zone and the page's language,
// with how far away it is ("in 2 days"). The server writes UTC, which is what a page without JavaScript shows.
'use strict';
(function () {
  if (!window.Intl || !Intl.RelativeTimeFormat) return;
  const lang = document.documentElement.lang || 'en';
  const absolute = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  const relative = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  const units = [['day', 86400000], ['hour', 3600000], ['minute', 60000]];

  function distance(ms) {
    for (const [unit, size] of units) {
      if (Math.abs(ms) >= size || unit === 'minute') return relative.format(Math.round(ms / size), unit);
    }
    return '';
  }

  function show(root) {
    root.querySelectorAll('time[datetime]').forEach(function (element) {
      if (element.dataset.local) return;
      const at = new Date(element.getAttribute('datetime'));
      if (Number.isNaN(at.getTime())) return;
      element.title = element.textContent;
      element.textContent = absolute.format(at) + ' (' + distance(at.getTime() - Date.now()) + ')';
      element.dataset.local = 'true';
    });
  }

  window.tegamiLocalTimes = show;
  show(document);
})();
