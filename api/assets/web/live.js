// tegami: the game page follows its game. It listens to the game's event stream (/games/ID/events, as this
// visitor may see the game) and, when something happens, fetches the page again and puts its changed part
// in place: board, whose turn, the move form and the journal. Nothing is built here from the events
// themselves, so the page shows exactly what the server renders for this visitor. Without JavaScript the
// page is the same, and a reload shows the same thing. The table talk panel (#talk) follows too: while the
// visitor writes a message, only its list of messages is replaced, and the message form is sent without
// leaving the page.
'use strict';
(function () {
  const root = document.getElementById('live');
  if (!root || !window.EventSource || !window.fetch) return;
  const status = document.getElementById('live-status');
  let busy = false;
  let again = false;
  // The talk panel's messages were brought up to date while the rest of the page waited.
  let stale = false;

  function showTitle(title, part) {
    document.title = part.dataset.myTurn === 'true' ? part.dataset.turnLabel + ' · ' + title : title;
  }

  // A player choosing an answer, touching the board for one, or signing keeps what they are using: the
  // update waits until they leave it (or the move is sent and the page reloads anyway).
  function inUse() {
    const active = document.activeElement;
    if (active && active !== document.body && root.contains(active) && active.closest('form')) return true;
    if (root.dataset.touching === 'true') return true;
    return root.querySelector('form[data-sign] button[disabled]') !== null;
  }

  // A visitor writing at the table is using only the talk panel: the messages may change under them.
  function writingTalk() {
    const active = document.activeElement;
    const talk = document.getElementById('talk');
    return !!(talk && active && talk.contains(active));
  }

  function parse(text) {
    return new DOMParser().parseFromString(text, 'text/html');
  }

  // Puts the messages of `page` in place of the panel's, leaving its forms as the visitor left them.
  function showMessages(page) {
    const mine = document.getElementById('talk-messages');
    const fresh = page.getElementById('talk-messages');
    if (!mine || !fresh) return;
    mine.innerHTML = fresh.innerHTML;
    if (window.tegamiLocalTimes) window.tegamiLocalTimes(mine);
  }

  async function fetchPage() {
    const response = await fetch(window.location.pathname, {
      credentials: 'same-origin', headers: { Accept: 'text/html' }, cache: 'no-store',
    });
    return response.ok ? parse(await response.text()) : null;
  }

  async function refresh() {
    if (busy) { again = true; return; }
    if (inUse()) {
      if (!writingTalk()) { again = true; return; }
      busy = true;
      try {
        const page = await fetchPage();
        if (page) { showMessages(page); stale = true; }
      } catch (error) {
        again = true;
      } finally {
        busy = false;
      }
      return;
    }
    busy = true;
    again = false;
    stale = false;
    try {
      const page = await fetchPage();
      if (!page) return;
      const fresh = page.getElementById('live');
      if (!fresh) return;
      const wasMyTurn = root.dataset.myTurn === 'true';
      root.innerHTML = fresh.innerHTML;
      root.dataset.myTurn = fresh.dataset.myTurn;
      showTitle(page.title, fresh);
      if (window.tegamiLocalTimes) window.tegamiLocalTimes(root);
      if (window.tegamiTouch) window.tegamiTouch(root);
      if (status) {
        const now = fresh.dataset.myTurn === 'true';
        status.textContent = now && !wasMyTurn ? fresh.dataset.turnLabel : fresh.dataset.changedLabel;
      }
    } catch (error) {
      // The stream's next event, or a reload, tries again.
    } finally {
      busy = false;
      if (again) window.setTimeout(refresh, 250);
    }
  }

  root.addEventListener('focusout', function () {
    if (again || stale) window.setTimeout(refresh, 0);
  });

  // Writing at the table without leaving the page: the form is sent as the browser would send it; the
  // server answers with the page (after its redirect), whose messages are put in place, or with a page
  // saying what was refused, whose words are shown under the form.
  root.addEventListener('submit', async function (event) {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.matches('#talk form.write')) return;
    event.preventDefault();
    const button = form.querySelector('button[type="submit"]');
    const text = form.querySelector('textarea');
    let shown = form.querySelector('.talk-refused');
    if (button) button.disabled = true;
    try {
      const response = await fetch(form.action, {
        method: 'POST', credentials: 'same-origin', headers: { Accept: 'text/html' },
        body: new URLSearchParams(new FormData(form)),
      });
      const page = parse(await response.text());
      if (response.ok) {
        if (text) text.value = '';
        if (shown) shown.remove();
        showMessages(page);
        if (status) status.textContent = root.dataset.changedLabel;
      } else {
        if (!shown) {
          shown = document.createElement('p');
          shown.className = 'error talk-refused';
          shown.setAttribute('role', 'alert');
          form.appendChild(shown);
        }
        // The refusal page says why in every language: the one of this page.
        const lang = document.documentElement.lang;
        const why = page.querySelector('p.error[lang="' + lang + '"]') || page.querySelector('p.error');
        shown.textContent = why ? why.textContent : String(response.status);
      }
    } catch (error) {
      // No answer: send it the plain way, leaving the page.
      form.submit();
    } finally {
      if (button) button.disabled = false;
    }
  });
  // Touches on the board were cleared (or undone to none): a waiting update may come now.
  root.addEventListener('click', function () {
    if (again) window.setTimeout(refresh, 0);
  });
  showTitle(document.title, root);
  // EventSource reconnects by itself and sends Last-Event-ID, so nothing is missed across a dropped link.
  let source = null;
  function follow() {
    source = new EventSource(root.dataset.events);
    source.addEventListener('game', refresh);
  }
  follow();
  // A page left behind lets go of its stream: Chromium kept the streams of pages gone by open, and after
  // six game pages the next page waited about a minute for a connection to the site.
  window.addEventListener('pagehide', function () { source.close(); });
  // Back to this page from the browser's history as it was left: it follows the game again from now.
  window.addEventListener('pageshow', function (event) {
    if (event.persisted) { follow(); refresh(); }
  });
})();

// The replay page: ← and → follow its previous and next step links (the links work without this too).
(function () {
  document.addEventListener('keydown', function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = event.target;
    if (target && target.closest && target.closest('input, textarea, select, [contenteditable]')) return;
    const step = { ArrowLeft: 'prev', ArrowRight: 'next' }[event.key];
    const link = step && document.querySelector('nav.replay a[data-replay="' + step + '"]');
    if (!link) return;
    event.preventDefault();
    window.location.assign(link.href);
  });
})();
