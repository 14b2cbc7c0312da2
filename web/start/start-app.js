// Starts the web app. route-preload.ts writes this file into index.html as an inline script (the CSP allows it
// by its hash) with SRC replaced by the entry's address. Plain ES2019 for every browser the app supports.
(function (src) {
  var doc = document;
  var html = doc.documentElement;
  function start() {
    return import(src);
  }
  if (!html.hasAttribute('data-prerendered')) {
    // The app starts after the browser has painted the static header once (the first frame, which waits for the
    // stylesheet; at once in a hidden tab, which draws none; at the latest after 1 s): on a fast network the
    // scripts are in before the first frame, and evaluating them at once would keep the screen blank until the
    // page is rendered. They still download in parallel (modulepreload).
    new Promise(function (r) {
      if (doc.hidden) return r();
      requestAnimationFrame(function () {
        setTimeout(r);
      });
      setTimeout(r, 1000);
    }).then(start);
    return;
  }
  // A visitor's page written on the server (server/src/prerender): finished and readable without any script.
  // The app starts when the visitor does something only the app does: a tap or click that is not on a link, a
  // key, a field focused, a GET form sent, or a mouse moving (a desktop, whose processor loads the app in no
  // time). A link tapped before the app runs is left to the browser: the next page is server-written too, and
  // the browser's own navigation paints it about three times sooner on a slow phone than the app started for it
  // (bench/first-tap.ts); scrolling and reading start nothing. A GET form is followed inside the app once it has
  // started (window.__tbGo, read by main.tsx), and a control marked data-replay is pressed again in the app's page.
  var started = false;
  var replay = null;
  var typed = [];
  function boot(go) {
    if (go) window.__tbGo = go;
    if (started) return;
    started = true;
    html.classList.add('app-starting');
    typed = Array.prototype.slice.call(doc.querySelectorAll('#root input[aria-label]'));
    doc.querySelectorAll('link[rel="tb-modulepreload"]').forEach(function (link) {
      var preload = doc.createElement('link');
      preload.rel = 'modulepreload';
      preload.crossOrigin = '';
      preload.href = link.href;
      doc.head.appendChild(preload);
    });
    start().catch(function () {
      // The app could not load (offline, a new deployment): the page stays as it is, and a link works as a link.
      html.classList.remove('app-starting');
      html.removeAttribute('data-prerendered');
      window.__tbReady = true;
      if (window.__tbGo) location.href = window.__tbGo;
    });
  }
  // A browser that leaves a declarative shadow root as a template (the chapter of a reader's page) shows no text,
  // a page opened at a place in it (#…) is taken there by the app, and a reader with a look of their own has the
  // server's reader page hidden (index.html): the app starts at once.
  var served = doc.getElementById('tb-server-page');
  if (
    doc.querySelector('template[shadowrootmode]') ||
    (served && (location.hash || html.hasAttribute('data-reader-own-look')))
  ) {
    boot();
  }
  /**
   * The link an event happened on, when the browser follows it (an address of its own, not the app's API), or the
   * summary of a disclosure, which the browser opens and closes itself (a phone's folded subject tree): neither
   * needs the app, and an app started by it would draw the disclosure again, folded, under the finger.
   */
  function linkOf(event) {
    var link = event.target && event.target.closest && event.target.closest('a[href],summary');
    return link && !link.hasAttribute('data-replay') ? link : null;
  }
  // When a link was last pressed: the browser focuses it on the way to following it, which is no reason to start.
  var linkPressed = 0;
  // When the screen was last touched: a tap's compatibility mouse events (which Chromium may also send as mouse
  // pointer events) are no mouse of a desktop.
  var touched = 0;
  addEventListener(
    'touchstart',
    function () {
      touched = Date.now();
    },
    { capture: true, passive: true },
  );
  function fromMouse(event) {
    if (event.pointerType === 'touch' || Date.now() - touched < 1000) return false;
    return !(event.sourceCapabilities && event.sourceCapabilities.firesTouchEvents);
  }
  addEventListener(
    'pointerdown',
    function (event) {
      if (linkOf(event)) linkPressed = Date.now();
      else if (fromMouse(event)) boot();
    },
    { capture: true, passive: true },
  );
  addEventListener(
    'pointermove',
    function (event) {
      if (event.pointerType === 'mouse' && fromMouse(event)) boot();
    },
    { capture: true, passive: true },
  );
  addEventListener(
    'keydown',
    function () {
      boot();
    },
    { capture: true, passive: true },
  );
  addEventListener(
    'focusin',
    function (event) {
      if (!(linkOf(event) && Date.now() - linkPressed < 1000)) boot();
    },
    { capture: true, passive: true },
  );
  addEventListener(
    'click',
    function (event) {
      if (window.__tbReady || event.defaultPrevented) return;
      var target = event.target && event.target.closest && event.target.closest('a[href],summary,[data-replay]');
      if (target && target.hasAttribute('data-replay') && event.button === 0) {
        event.preventDefault();
        replay = target.getAttribute('data-replay');
        return boot();
      }
      // A link (to another page, or a place in this one) or a disclosure's summary is the browser's; anything else is
      // a tap for the app.
      if (!target) boot();
    },
    true,
  );
  addEventListener(
    'submit',
    function (event) {
      var form = event.target;
      if (window.__tbReady || !form || (form.method || 'get').toLowerCase() !== 'get') return;
      event.preventDefault();
      var url = new URL(form.getAttribute('action') || location.pathname, location.href);
      url.search = '';
      new FormData(form).forEach(function (value, key) {
        if (value !== '') url.searchParams.append(key, String(value));
      });
      boot(url.pathname + url.search);
    },
    true,
  );
  /** Calls `found` with the first element matching `selector`, now or once the app draws it (10 s at most). */
  function whenShown(selector, found) {
    var element = doc.querySelector(selector);
    if (element) return found(element);
    var watcher = new MutationObserver(function () {
      var shown = doc.querySelector(selector);
      if (!shown) return;
      watcher.disconnect();
      found(shown);
    });
    watcher.observe(doc.body, { childList: true, subtree: true });
    setTimeout(function () {
      watcher.disconnect();
    }, 10000);
  }
  doc.addEventListener(
    'tb:ready',
    function () {
      window.__tbReady = true;
      html.classList.remove('app-starting');
      var go = window.__tbGo;
      if (go) {
        // Followed after the app had read it: the page asked for is opened now, and nothing is carried over.
        window.__tbGo = undefined;
        window.__tbNavigate(go);
        return;
      }
      var setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
      typed.forEach(function (old) {
        var hadFocus = old === focused;
        if (!old.value && !hadFocus) return;
        // The same field of the app's page: the same label, and the same place among the fields so labelled.
        var label = old.getAttribute('aria-label');
        var nth = typed
          .filter(function (other) {
            return other.getAttribute('aria-label') === label;
          })
          .indexOf(old);
        whenShown('#root input[aria-label="' + label + '"]', function () {
          var input = doc.querySelectorAll('#root input[aria-label="' + label + '"]')[nth];
          if (!input) return;
          if (old.value) {
            setValue.call(input, old.value);
            input.dispatchEvent(new Event('input', { bubbles: true }));
          }
          if (hadFocus) input.focus();
        });
      });
      if (replay) {
        whenShown('#root [data-replay="' + replay + '"]:not([disabled])', function (element) {
          element.click();
        });
      }
    },
    { once: true },
  );
  // The field the visitor is typing in when the app replaces the page (the element is gone by then).
  var focused = null;
  addEventListener(
    'focusin',
    function (event) {
      if (event.target && event.target.tagName === 'INPUT') focused = event.target;
    },
    true,
  );
  addEventListener(
    'focusout',
    function (event) {
      // Focus leaving the field for another place clears it; the field taken away with the page (which browsers
      // may report as a focus change too) does not.
      var left = event.target;
      if (left !== focused) return;
      setTimeout(function () {
        if (focused === left && left.isConnected && doc.activeElement !== left) focused = null;
      });
    },
    true,
  );
})(SRC);
