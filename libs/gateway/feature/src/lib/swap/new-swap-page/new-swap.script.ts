/**
 * The swap page's script, served from the gateway as a hashed asset (the CSP runs nothing
 * inline). The form works without it; with it the quote follows the 10 s price (every 10 s and
 * as the user types, from `new/quote`, whose values the server formats), the addresses are
 * checked as they are typed (`new/address`, D15), and the receiving coins of pairs under
 * maintenance are disabled as the sending coin changes. Plain ES2019; it writes only text.
 */
export const NEW_SWAP_SCRIPT = `'use strict';
(function () {
  var REFRESH_MS = 10000;
  var TYPING_MS = 350;
  var form = document.querySelector('#new-swap form');
  if (!form || !window.fetch || !window.URLSearchParams) return;
  var unavailable = (form.getAttribute('data-unavailable') || '').split(' ');
  var note = form.querySelector('[data-quote-note]');
  var quoteButton = form.querySelector('[data-quote-button]');
  if (quoteButton) quoteButton.hidden = true;
  var asked = 0;
  var refresh = null;
  var typing = {};
  var checked = {};

  function val(name) {
    var element = form.elements.namedItem(name);
    return element ? String(element.value).trim() : '';
  }
  function each(selector, apply) { Array.prototype.forEach.call(document.querySelectorAll(selector), apply); }
  function getJson(path, query) {
    return fetch(path + '?' + query, { cache: 'no-store', headers: { Accept: 'application/json' } })
      .then(function (response) { return response.json(); });
  }

  function fill(values) {
    each('[data-q]', function (slot) { slot.textContent = values ? values[slot.getAttribute('data-q')] || '' : ''; });
  }
  function say(text, bad) {
    note.textContent = text;
    note.classList.toggle('bad', !!bad);
  }

  function quote() {
    clearTimeout(refresh);
    refresh = setTimeout(quote, REFRESH_MS);
    if (document.hidden) return;
    var mine = ++asked;
    if (!val('amount')) {
      fill(null);
      say('Enter an amount to see a quote.');
      return;
    }
    var query = new URLSearchParams();
    ['from', 'to', 'amount', 'direction', 'type', 'ref'].forEach(function (name) { query.set(name, val(name)); });
    getJson('new/quote', query).then(function (answer) {
      if (mine !== asked) return;
      if (answer.code === 0) {
        fill(answer.data);
        say('Prices move every 10 seconds; this quote follows them.');
      } else {
        fill(null);
        say(answer.msg, true);
      }
    }).catch(function () {
      if (mine === asked) say('The quote could not be updated; trying again shortly.', true);
    });
  }

  function show(slot, text, state) {
    slot.textContent = text;
    slot.className = 'check check--' + state;
  }
  function check(name) {
    var slot = form.querySelector('[data-check="' + name + '"]');
    var address = val(name);
    var mine = checked[name] = (checked[name] || 0) + 1;
    if (!slot) return;
    if (!address) {
      show(slot, '', 'none');
      return;
    }
    var query = new URLSearchParams({ code: val(name === 'toAddress' ? 'to' : 'from'), address: address });
    getJson('new/address', query).then(function (answer) {
      if (checked[name] !== mine) return;
      if (answer.code !== 0) show(slot, answer.msg, 'bad');
      else show(slot, answer.data.valid ? 'Valid address.' : answer.data.reason, answer.data.valid ? 'ok' : 'bad');
    }).catch(function () {
      if (checked[name] === mine) show(slot, '', 'none');
    });
  }

  function pairs() {
    var from = val('from');
    var to = form.elements.namedItem('to');
    Array.prototype.forEach.call(to.options, function (option) {
      var off = unavailable.indexOf(from + '-' + option.value) >= 0;
      option.disabled = off;
      option.textContent = option.textContent.replace(/ \\(unavailable\\)$/, '') + (off ? ' (unavailable)' : '');
    });
    each('[data-code="from"]', function (code) { code.textContent = from; });
    each('[data-code="to"]', function (code) { code.textContent = to.value; });
  }

  form.addEventListener('input', function (event) {
    var name = event.target.name;
    if (name === 'toAddress' || name === 'refundAddress') {
      clearTimeout(typing[name]);
      typing[name] = setTimeout(function () { check(name); }, TYPING_MS);
    } else if (name === 'amount') {
      clearTimeout(typing.amount);
      typing.amount = setTimeout(quote, TYPING_MS);
    }
  });
  form.addEventListener('change', function (event) {
    var name = event.target.name;
    if (name === 'direction' && event.target.value === 'to') {
      var fixed = form.querySelector('input[name="type"][value="fixed"]');
      if (fixed) fixed.checked = true;
    }
    if (name === 'from' || name === 'to') {
      pairs();
      check('toAddress');
      check('refundAddress');
    }
    if (name === 'from' || name === 'to' || name === 'direction' || name === 'type') quote();
  });
  document.addEventListener('visibilitychange', function () { if (!document.hidden) quote(); });
  pairs();
  quote();
})();
`;
