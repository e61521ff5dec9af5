import { FINAL_STATUSES } from '@swap/domain';

/**
 * The status page's script, served from the gateway as a hashed asset (the CSP runs nothing
 * inline). It follows the swap's Server-Sent Events (`/swap/{id}/events`, D18), and polls
 * `/swap/{id}.json` (D17) where the browser has no EventSource or the stream is refused or lost for
 * good; when the order changed it fetches the page again and swaps in the server's rendering, so
 * there is one renderer. It ticks the countdown each second
 * and makes the copy buttons work. Plain ES2019 for any current browser; it never writes to the
 * console, and a failed poll only says so on the page and tries again.
 */
export const PAGE_SCRIPT = `'use strict';
(function () {
  var POLL_MS = 4000;
  var RETRY_MS = 10000;
  var FINAL = ${JSON.stringify(FINAL_STATUSES)};
  var main = document.getElementById('swap');
  if (!main || !window.fetch || !window.DOMParser) return;
  var shown = main.innerHTML;
  var lastKey = null;
  var deadline = null;
  var pollTimer = null;

  function two(n) { return (n < 10 ? '0' : '') + n; }
  function countdown(seconds) {
    var hours = Math.floor(seconds / 3600);
    var rest = two(Math.floor((seconds % 3600) / 60)) + ':' + two(seconds % 60);
    return hours > 0 ? hours + ':' + rest : rest;
  }

  function tick() {
    var clock = main.querySelector('[data-countdown]');
    if (!clock || deadline === null) return;
    var left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
    clock.textContent = countdown(left);
    var field = clock.closest('.countdown');
    if (field) field.classList.toggle('countdown--ended', left === 0);
  }

  function enhance() {
    main.querySelectorAll('button[data-copy]').forEach(function (button) { button.hidden = false; });
    var clock = main.querySelector('[data-countdown]');
    deadline = clock ? Date.now() + Number(clock.getAttribute('data-left')) * 1000 : null;
    tick();
  }

  function live(text, offline) {
    var line = main.querySelector('[data-live]');
    if (!line) return;
    line.textContent = text;
    line.classList.toggle('offline', offline);
  }

  function moving(order) {
    return FINAL.indexOf(order.status) < 0 || order.returns.some(function (ret) {
      return ret.status === 'AWAITING_ADDRESS' || ret.status === 'REFUNDING';
    });
  }

  function schedule(ms) {
    clearTimeout(pollTimer);
    pollTimer = setTimeout(poll, ms);
  }

  function rerender() {
    return fetch(location.href, { cache: 'no-store', headers: { Accept: 'text/html' } })
      .then(function (response) {
        if (!response.ok) throw new Error('page ' + response.status);
        return response.text();
      })
      .then(function (text) {
        var next = new DOMParser().parseFromString(text, 'text/html');
        var fresh = next.getElementById('swap');
        if (!fresh || fresh.innerHTML === shown) return;
        shown = fresh.innerHTML;
        main.replaceChildren.apply(main, Array.prototype.slice.call(fresh.childNodes));
        ['data-status', 'data-moving'].forEach(function (name) {
          main.setAttribute(name, fresh.getAttribute(name) || '');
        });
        document.title = next.title;
        enhance();
      });
  }

  // Shows an order the server sent; resolves to whether the swap can still change.
  function apply(order) {
    if (order.time.left !== null && main.querySelector('[data-countdown]')) {
      deadline = Date.now() + order.time.left * 1000;
      tick();
    }
    // time.left only counts, except where it ends: the page then stops asking for the deposit.
    var key = JSON.stringify([order.status, order.time.update, order.time.left === 0, order.from, order.to, order.refund, order.issue, order.proposed, order.returns]);
    var changed = key !== lastKey;
    lastKey = key;
    return (changed ? rerender() : Promise.resolve()).then(function () {
      var open = moving(order);
      live(open ? 'Live: updated ' + new Date().toLocaleTimeString() : 'This swap is over.', false);
      return open;
    });
  }

  function poll() {
    fetch(location.pathname + '.json' + location.search, { cache: 'no-store', headers: { Accept: 'application/json' } })
      .then(function (response) {
        if (!response.ok) throw new Error('status ' + response.status);
        return response.json();
      })
      .then(function (body) { return apply(body.data); })
      .then(function (open) {
        if (open) schedule(POLL_MS);
        else pollTimer = null;
      })
      .catch(function () {
        live('Cannot reach the server; trying again.', true);
        schedule(RETRY_MS);
      });
  }

  // The stream starts with the swap as it is, then each change; the browser reconnects by itself
  // (with Last-Event-ID). Refused or closed for good (a proxy without SSE, a limit): polling.
  function follow() {
    var source = new EventSource(location.pathname + '/events' + location.search);
    var queue = Promise.resolve(true);
    var fallBack = function () {
      source.close();
      schedule(POLL_MS);
    };
    var rendered = main.getAttribute('data-version');
    source.addEventListener('swap.updated', function (event) {
      // The version the server rendered this page at is on the screen already.
      if (event.lastEventId === rendered) return;
      var order = JSON.parse(event.data);
      queue = queue.then(function () { return apply(order); }).then(function (open) {
        if (!open) source.close();
        return open;
      }, function () {
        fallBack();
        return false;
      });
    });
    // An error with data is the server's refusal (event: error); one without, a lost connection.
    source.addEventListener('error', function (event) {
      if (event.data !== undefined || source.readyState === EventSource.CLOSED) fallBack();
      else live('Reconnecting...', true);
    });
    return source;
  }

  function copy(button) {
    var text = button.getAttribute('data-copy');
    var done = function (ok) {
      button.textContent = ok ? 'Copied' : 'Select it to copy';
      button.classList.toggle('copied', ok);
      setTimeout(function () {
        button.textContent = 'Copy';
        button.classList.remove('copied');
      }, 1600);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { done(true); }, function () { done(fallback(text)); });
    } else {
      done(fallback(text));
    }
  }

  // Without the Clipboard API (a plain-http page): the old way, through a selected text area.
  function fallback(text) {
    var area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.className = 'offscreen';
    document.body.appendChild(area);
    area.select();
    var ok = false;
    try { ok = document.execCommand('copy'); } catch (error) { ok = false; }
    area.remove();
    return ok;
  }

  document.addEventListener('click', function (event) {
    var button = event.target instanceof Element ? event.target.closest('button[data-copy]') : null;
    if (button) copy(button);
  });
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'visible' && pollTimer !== null) schedule(0);
  });

  enhance();
  setInterval(tick, 1000);
  if (main.getAttribute('data-moving') !== 'true') return;
  if (window.EventSource) follow();
  else schedule(POLL_MS);
})();
`;
