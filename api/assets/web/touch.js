// tegami: answers given by touching the board. The page embeds, for each decision the visitor may answer,
// the legal answers as gestures (the spots of the picture touched in order, and the answer's notation:
// shared/src/gesture.rs). Touching narrows the gestures: the spots that can come next are marked, and once
// the touched spots make a whole answer it is chosen in the move form below (or typed into the notation
// field and read back by the server), to be signed with the form's own button. Nothing is signed here.
// Keyboard: Tab reaches the board's spots, the arrow keys move between the spots that can be touched,
// Enter or Space touches, Escape clears. Where the answer turns something being placed (a rotation spot,
// named on the touch block from shared/src/gesture.rs), R turns it to the next legal facing, the arrow keys
// then move the position before it (keeping the facing where it stays legal), and Enter confirms: the
// keyboard is taken on to the move form's button. Without JavaScript the page keeps its forms and nothing
// changes.
'use strict';
(function () {
  let touched = [];
  let gestures = [];
  let chosen = null;
  let rotations = [];

  // The picture shown now: a page may hold a wide and a narrow one, of which CSS shows one.
  function shownPicture(root) {
    const pictures = Array.from(root.querySelectorAll('.board .picture'));
    return pictures.find(function (p) { return p.getClientRects().length > 0; }) || null;
  }

  function boardSpots(root) {
    const picture = shownPicture(root);
    return picture ? Array.from(picture.querySelectorAll('[data-spot]')) : [];
  }

  function buttonSpots(root) {
    return Array.from(root.querySelectorAll('.touch button[data-spot]'));
  }

  function candidates() {
    return gestures.filter(function (g) {
      return g.spots.length >= touched.length && touched.every(function (s, i) { return g.spots[i] === s; });
    });
  }

  function nextSpots() {
    const next = new Set();
    candidates().forEach(function (g) { if (g.spots.length > touched.length) next.add(g.spots[touched.length]); });
    return next;
  }

  function isRotation(id) {
    return rotations.some(function (prefix) { return id.indexOf(prefix) === 0; });
  }

  function spotElement(root, id) {
    return boardSpots(root).find(function (e) { return e.dataset.spot === id; }) || null;
  }

  function nameOf(el) {
    const title = el.querySelector && el.querySelector('title');
    return el.getAttribute('aria-label') || (title && title.textContent.trim()) || el.textContent.trim() || el.dataset.spot;
  }

  // Marks what can be touched next and what has been touched; only the former can be focused or pressed.
  function mark(root) {
    const next = nextSpots();
    const focusable = [];
    boardSpots(root).forEach(function (el) {
      const id = el.dataset.spot;
      const can = next.has(id);
      el.classList.toggle('spot-next', can);
      el.classList.toggle('spot-touched', touched.indexOf(id) >= 0);
      const done = !can && touched.indexOf(id) >= 0;
      if (can) {
        el.setAttribute('role', 'button');
        el.setAttribute('aria-label', nameOf(el));
        el.setAttribute('tabindex', '-1');
        el.removeAttribute('aria-pressed');
        focusable.push(el);
      } else if (done) {
        // A touched spot keeps the keyboard: from it R turns, the arrows move and Enter confirms.
        el.setAttribute('role', 'button');
        el.setAttribute('aria-label', nameOf(el));
        el.setAttribute('aria-pressed', 'true');
        el.setAttribute('tabindex', '-1');
      } else {
        el.removeAttribute('role');
        el.removeAttribute('tabindex');
        el.removeAttribute('aria-pressed');
      }
    });
    // One tab stop for the whole board (the focused spot, else the first); arrows move within it.
    const current = focusable.find(function (el) { return el === document.activeElement; }) || focusable[0];
    if (current) current.setAttribute('tabindex', '0');
    const picture = shownPicture(root);
    const svg = picture && picture.querySelector('svg');
    // An image's parts are hidden from assistive technology; a picture with buttons in it is a group.
    if (svg) svg.setAttribute('role', focusable.length ? 'group' : 'img');
    buttonSpots(root).forEach(function (el) {
      el.disabled = !next.has(el.dataset.spot);
      el.classList.toggle('spot-touched', touched.indexOf(el.dataset.spot) >= 0);
    });
    root.querySelectorAll('.touch').forEach(function (box) {
      box.querySelectorAll('.touch-undo, .touch-clear').forEach(function (b) { b.disabled = touched.length === 0; });
    });
    const live = document.getElementById('live');
    if (live) live.dataset.touching = touched.length ? 'true' : 'false';
    return focusable;
  }

  function describe(root) {
    root.querySelectorAll('.touch .touch-preview').forEach(function (p) {
      const box = p.closest('.touch');
      if (chosen && chosen.box === box) {
        p.textContent = box.dataset.answerLabel + ' ' + chosen.answer;
      } else if (touched.length && gestures.some(function (g) { return g.box === box; })) {
        p.textContent = box.dataset.touchedLabel + ' ' + touched.map(function (id) {
          const el = boardSpots(root).concat(buttonSpots(root)).find(function (e) { return e.dataset.spot === id; });
          return el ? nameOf(el) : id;
        }).join(' → ');
      } else {
        p.textContent = '';
      }
    });
  }

  function moveForm(box) {
    return box.closest('section.decision').querySelector('form[data-sign=move]');
  }

  // Clears the answer chosen in the move form.
  function clearForm(form) {
    form.querySelectorAll('input[type=radio][name=action]').forEach(function (r) { r.checked = false; });
    const select = form.querySelector('select[name=action]');
    if (select) select.selectedIndex = 0;
  }

  // The answer chosen in the move form: its radio button or list entry, else typed and read back. The form's
  // earlier choice is cleared first: a walk that passes a listed answer on to one typed and read back must
  // not leave the passed one chosen, to be sent if the read-back is slow. And a read-back still on its way
  // is dropped: a walk that passes a typed answer on to a listed one would otherwise have the form replaced,
  // when that read-back arrives, by the server's rendering of the passed answer.
  function choose(root, gesture) {
    const form = moveForm(gesture.box);
    let found = false;
    readBacks++;
    if (form) {
      clearForm(form);
      form.querySelectorAll('input[type=radio][name=action]').forEach(function (radio) {
        const label = form.querySelector('label[for="' + radio.id + '"]');
        if (!found && label && label.textContent.trim() === gesture.answer) {
          radio.checked = true;
          found = true;
        }
      });
      const select = form.querySelector('select[name=action]');
      if (!found && select) {
        Array.from(select.options).forEach(function (option, i) {
          if (!found && option.value && option.textContent.trim() === gesture.answer) {
            select.selectedIndex = i;
            found = true;
          }
        });
      }
    }
    chosen = gesture;
    if (!found) {
      const notation = gesture.box.closest('section.decision').querySelector('form.notation');
      if (notation) {
        notation.elements.notation.value = gesture.answer;
        readBack(notation);
      }
    }
  }

  function unchoose() {
    if (!chosen) return;
    readBacks++;
    const form = moveForm(chosen.box);
    if (form) clearForm(form);
    chosen = null;
  }

  function update(root) {
    const all = candidates();
    const whole = all.find(function (g) { return g.spots.length === touched.length; });
    if (whole && touched.length) {
      if (!chosen || chosen !== whole) choose(root, whole);
    } else {
      unchoose();
    }
    const focusable = mark(root);
    describe(root);
    return focusable;
  }

  function touch(root, id) {
    if (!nextSpots().has(id)) return;
    touched.push(id);
    const focusable = update(root);
    // The keyboard follows the gesture: on the board while there is more to touch there, else on to the
    // first button that can come next.
    const active = document.activeElement;
    if (active && active.closest && active.closest('.board, .touch')) {
      const button = buttonSpots(root).find(function (b) { return !b.disabled; });
      if (focusable.length) focusable[0].focus();
      else if (button) button.focus();
    }
  }

  function undo(root) {
    touched.pop();
    update(root);
  }

  function clear(root) {
    touched = [];
    update(root);
  }

  // The spots that may stand at place `k` of a gesture, the touches before it kept.
  function alternativesAt(k) {
    const out = new Set();
    gestures.forEach(function (g) {
      if (g.spots.length > k && touched.slice(0, k).every(function (s, i) { return g.spots[i] === s; })) {
        out.add(g.spots[k]);
      }
    });
    return out;
  }

  // The rotations that can come next, in the order the picture draws them.
  function rotationRow(root) {
    const next = nextSpots();
    return boardSpots(root).filter(function (e) { return isRotation(e.dataset.spot) && next.has(e.dataset.spot); });
  }

  function posing() {
    return touched.length >= 2 && isRotation(touched[touched.length - 1]);
  }

  // After R or an arrow: the keyboard stays on the board, on what can come next, else on `el`.
  function keepFocus(root, focusable, el) {
    const target = focusable.length ? focusable[0] : el;
    if (target) {
      target.setAttribute('tabindex', '0');
      target.focus();
    }
  }

  // R: the next legal rotation in place of the one touched last, or the first after the position focused (then
  // touched), or the rotation focused.
  function rotate(root, el) {
    let from = null;
    if (posing()) {
      from = touched.pop();
    } else if (el && el.classList.contains('spot-next') && !isRotation(el.dataset.spot)) {
      touched.push(el.dataset.spot);
      if (!rotationRow(root).length) { touched.pop(); return; }
    }
    const row = rotationRow(root);
    if (!row.length) {
      if (from) touched.push(from);
      return;
    }
    let to;
    if (from) {
      to = row[(row.findIndex(function (e) { return e.dataset.spot === from; }) + 1) % row.length];
    } else {
      to = row.find(function (e) { return e === el; }) || row[0];
    }
    touched.push(to.dataset.spot);
    keepFocus(root, update(root), to);
  }

  // An arrow once a rotation is touched: the position before it moves to the neighbouring one that the gestures
  // allow, with the same rotation where it is still legal there (else the first legal one).
  function shift(root, key) {
    const k = touched.length - 2;
    const rotation = touched[k + 1];
    const from = spotElement(root, touched[k]);
    if (!from) return;
    const places = alternativesAt(k);
    const to = neighbour(boardSpots(root).filter(function (e) { return places.has(e.dataset.spot); }), from, key);
    if (!to) return;
    touched = touched.slice(0, k).concat([to.dataset.spot]);
    const row = rotationRow(root);
    const kept = row.find(function (e) { return e.dataset.spot === rotation; }) || row[0];
    if (kept) touched.push(kept.dataset.spot);
    const focusable = update(root);
    keepFocus(root, kept ? focusable : [], to);
  }

  // Enter on a touched spot once the answer is whole: on to the move form's button that signs it.
  function confirm() {
    if (!chosen) return false;
    const section = chosen.box.closest('section.decision');
    const sign = section && section.querySelector('form[data-sign=move] button[type=submit]');
    if (!sign) return false;
    sign.focus();
    return true;
  }

  // The touchable spot nearest to `from` in the direction of the arrow key.
  function neighbour(spots, from, key) {
    const a = from.getBoundingClientRect();
    const ax = a.left + a.width / 2;
    const ay = a.top + a.height / 2;
    let best = null;
    let bestScore = Infinity;
    spots.forEach(function (el) {
      if (el === from) return;
      const b = el.getBoundingClientRect();
      const dx = b.left + b.width / 2 - ax;
      const dy = b.top + b.height / 2 - ay;
      const along = { ArrowRight: dx, ArrowLeft: -dx, ArrowDown: dy, ArrowUp: -dy }[key];
      const across = key === 'ArrowRight' || key === 'ArrowLeft' ? Math.abs(dy) : Math.abs(dx);
      if (along <= 0.5) return;
      const score = along + 2 * across;
      if (score < bestScore) { best = el; bestScore = score; }
    });
    return best;
  }

  // Typed notation read back by the server in place: the decision's part of the page is replaced by the
  // one the server renders for that notation, and the page stays where it is.
  // Touches can outrun the server (a move walked hex by hex reads back each hex): only the newest read-back
  // is shown, in the decision's part of the page as it is by then.
  let readBacks = 0;
  function decisionSection(root, decision) {
    return Array.from(root.querySelectorAll('section.decision')).find(function (s) {
      const f = s.querySelector('form.notation');
      return f && f.elements.decision.value === decision;
    }) || null;
  }

  async function readBack(form) {
    const decision = form.elements.decision.value;
    const url = form.action + '?' + new URLSearchParams(new FormData(form)).toString();
    const mine = ++readBacks;
    try {
      const response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'text/html' } });
      const page = new DOMParser().parseFromString(await response.text(), 'text/html');
      if (mine !== readBacks) return;
      const fresh = decisionSection(page, decision);
      const section = decisionSection(document, decision);
      if (!fresh || !section) return;
      const keep = chosen && chosen.box && section.contains(chosen.box) ? touched.slice() : null;
      section.replaceWith(fresh);
      start(document, keep);
      const input = fresh.querySelector('form.notation input[name=notation]');
      if (!keep && input) input.focus();
    } catch (e) {
      form.submit();
    }
  }

  function start(root, keep) {
    gestures = [];
    rotations = [];
    root.querySelectorAll('.touch').forEach(function (box) {
      const data = box.querySelector('script.gestures');
      if (!data) return;
      box.hidden = false;
      (box.dataset.rotations || '').split(' ').forEach(function (prefix) {
        if (prefix && rotations.indexOf(prefix) < 0) rotations.push(prefix);
      });
      JSON.parse(data.textContent).forEach(function (g) {
        gestures.push({ spots: g.spots, answer: g.answer, box: box });
      });
    });
    chosen = null;
    touched = [];
    if (keep) {
      // After a read-back the same touches still stand: the answer is the one the server read back.
      keep.forEach(function (id) { touched.push(id); });
      const whole = candidates().find(function (g) { return g.spots.length === touched.length; });
      chosen = whole || null;
      mark(root);
      describe(root);
    } else {
      update(root);
    }
  }

  document.addEventListener('pointerdown', function (event) {
    const el = event.target.closest && event.target.closest('.board [data-spot]');
    if (!el || !el.classList.contains('spot-next')) return;
    event.preventDefault();
    dragFrom = { spot: el.dataset.spot, x: event.clientX, y: event.clientY };
    touch(document, el.dataset.spot);
  });

  // A drag from one spot to another touches both. A press released where it began is one touch, even
  // when the touch has just made a spot under it touchable (a player's panel under their cards).
  let dragFrom = null;
  document.addEventListener('pointerup', function (event) {
    const start = dragFrom;
    dragFrom = null;
    if (start === null || Math.hypot(event.clientX - start.x, event.clientY - start.y) < 10) return;
    const from = start.spot;
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const el = under && under.closest && under.closest('.board [data-spot]');
    if (el && el.dataset.spot !== from && el.classList.contains('spot-next')) touch(document, el.dataset.spot);
  });

  document.addEventListener('click', function (event) {
    const target = event.target;
    if (!target.closest) return;
    const button = target.closest('.touch button[data-spot]');
    if (button) { touch(document, button.dataset.spot); return; }
    if (target.closest('.touch-undo')) { undo(document); return; }
    if (target.closest('.touch-clear')) { clear(document); }
  });

  document.addEventListener('keydown', function (event) {
    const el = event.target.closest && event.target.closest('.board [data-spot]');
    if (event.key === 'Escape' && touched.length && (el || event.target.closest('.board, .touch'))) {
      clear(document);
      const first = boardSpots(document).find(function (s) { return s.classList.contains('spot-next'); });
      if (first && el) first.focus();
      event.preventDefault();
      return;
    }
    if (el && rotations.length && (event.key === 'r' || event.key === 'R') && !event.ctrlKey && !event.metaKey
        && !event.altKey) {
      event.preventDefault();
      rotate(document, el);
      return;
    }
    if (el && !el.classList.contains('spot-next') && touched.indexOf(el.dataset.spot) >= 0) {
      if (event.key === 'Enter' && confirm()) {
        event.preventDefault();
      } else if (event.key.indexOf('Arrow') === 0 && posing()) {
        event.preventDefault();
        shift(document, event.key);
      }
      return;
    }
    if (!el || !el.classList.contains('spot-next')) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      touch(document, el.dataset.spot);
    } else if (event.key.indexOf('Arrow') === 0) {
      event.preventDefault();
      const spots = boardSpots(document).filter(function (s) { return s.classList.contains('spot-next'); });
      const to = neighbour(spots, el, event.key);
      if (to) {
        spots.forEach(function (s) { s.setAttribute('tabindex', '-1'); });
        to.setAttribute('tabindex', '0');
        to.focus();
      }
    }
  });

  document.addEventListener('submit', function (event) {
    const form = event.target;
    if (!form.classList || !form.classList.contains('notation') || !window.fetch) return;
    event.preventDefault();
    readBack(form);
  });

  // The wide and the narrow picture swap at the layout's breakpoint: the marks follow the one shown.
  let resizing = null;
  window.addEventListener('resize', function () {
    window.clearTimeout(resizing);
    resizing = window.setTimeout(function () { mark(document); }, 100);
  });

  // live.js calls this after it has replaced the live part of the page.
  window.tegamiTouch = function () { start(document, null); };
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', function () { start(document, null); });
  } else {
    start(document, null);
  }
})();
