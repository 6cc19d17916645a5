// tegami: signs moves in the browser, as the CLI does (docs/protocol.md), with an Ed25519 key made here by
// WebCrypto. The private key is non-extractable: it is kept in IndexedDB and never leaves this browser.
// It is registered like any key (POST /keys, the same registration as POST /api/v1/keys), so it shows in
// the key list and can be revoked there; a revoked key is replaced by a new one on the next move.
'use strict';
(function () {
  const DB_NAME = 'tegami';
  const STORE = 'keys';
  const encoder = new TextEncoder();

  function base64url(bytes) {
    let text = '';
    new Uint8Array(bytes).forEach(function (b) { text += String.fromCharCode(b); });
    return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  function hex(bytes) {
    return Array.from(new Uint8Array(bytes), function (b) { return b.toString(16).padStart(2, '0'); }).join('');
  }

  function request(req) {
    return new Promise(function (resolve, reject) {
      req.onsuccess = function () { resolve(req.result); };
      req.onerror = function () { reject(req.error); };
    });
  }

  async function store(mode) {
    const open = indexedDB.open(DB_NAME, 1);
    open.onupgradeneeded = function () { open.result.createObjectStore(STORE); };
    const db = await request(open);
    return db.transaction(STORE, mode).objectStore(STORE);
  }

  // One key per account signed in on this browser.
  async function storedKey(account) {
    return request((await store('readonly')).get('account-' + account));
  }

  async function newKey(account) {
    const pair = await crypto.subtle.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify']);
    const raw = await crypto.subtle.exportKey('raw', pair.publicKey);
    const digest = await crypto.subtle.digest('SHA-256', raw);
    const record = {
      kid: hex(digest.slice(0, 16)),
      publicKey: base64url(raw),
      privateKey: pair.privateKey,
    };
    await request((await store('readwrite')).put(record, 'account-' + account));
    return record;
  }

  // The session ended (signed out in another tab, or expired): the page offers to sign in again.
  function SignedOut() {}

  async function register(form, record) {
    const body = new URLSearchParams();
    body.set('csrf', form.elements.csrf.value);
    body.set('public_key', record.publicKey);
    body.set('name', 'web browser');
    const reply = await fetch('/keys', { method: 'POST', body: body, credentials: 'same-origin' });
    return reply.status;
  }

  // The account's key, registered (again: registering a known key changes nothing); a key the server
  // refuses (revoked) is replaced.
  async function signingKey(form) {
    const account = form.dataset.account;
    let record = await storedKey(account);
    if (!record) record = await newKey(account);
    let status = await register(form, record);
    if (status === 409) {
      record = await newKey(account);
      status = await register(form, record);
    }
    if (status === 401 || status === 403) throw new SignedOut();
    if (status !== 200) throw new Error(form.dataset.keyRefused + ' (HTTP ' + status + ')');
    return record;
  }

  async function sign(form) {
    const chosen = form.querySelector('input[name="action"]:checked, select[name="action"]');
    if (!chosen || !chosen.value) throw new Error(form.dataset.chooseFirst);
    const record = await signingKey(form);
    const header = { typ: 'JWT', alg: 'EdDSA', kid: record.kid };
    const claims = {
      game: Number(form.dataset.game),
      seat: Number(form.dataset.seat),
      decision: form.dataset.decision,
      action: JSON.parse(chosen.value),
      iat: Math.floor(Date.now() / 1000),
    };
    const input = base64url(encoder.encode(JSON.stringify(header))) + '.' +
      base64url(encoder.encode(JSON.stringify(claims)));
    const signature = await crypto.subtle.sign({ name: 'Ed25519' }, record.privateKey, encoder.encode(input));
    form.elements.signed_move.value = input + '.' + base64url(signature);
    form.submit();
  }

  document.addEventListener('submit', function (event) {
    const form = event.target;
    if (!form.dataset || form.dataset.sign !== 'move' || form.elements.signed_move.value) return;
    event.preventDefault();
    const button = form.querySelector('button[type="submit"]');
    const status = form.querySelector('.sign-status');
    if (button) button.disabled = true;
    // Every word shown here comes with the page, in its language.
    if (status) status.textContent = form.dataset.signing;
    sign(form).catch(function (error) {
      if (button) button.disabled = false;
      if (!status) return;
      if (error instanceof SignedOut) {
        status.textContent = form.dataset.signedOut + ' ';
        const link = document.createElement('a');
        link.href = form.dataset.signInHref;
        link.textContent = form.dataset.signIn;
        status.appendChild(link);
      } else {
        status.textContent = form.dataset.cannotSign + ' ' + error.message;
      }
    });
  });
})();
