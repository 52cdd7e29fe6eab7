// Google's script loader (https://apis.google.com/js/api.js), which Firebase's popup sign-in and
// the Auth emulator's helper frame both load, cannot be reached from these machines (no
// internet). In its place, for one browser context: the small part of `gapi.iframes` the two use,
// over postMessage. Everything else of Google sign-in is real: the web SDK's popup code, the
// emulator's sign-in window and helper frame, and the emulator's accounts.
import type { BrowserContext } from 'playwright-core';

// Runs in the console's page (which opens the helper frame) and in the frame (which answers its
// parent). Plain ES5 in a string: it is served as the script, not compiled by the tests.
const STAND_IN = String.raw`(function () {
  var TAG = '__kartaGapiStandIn';
  var handlers = {};
  var queued = {};
  var pending = {};
  var readyFrames = [];
  var readyWaiters = [];
  var counter = 0;

  function deliver(source, message) {
    Promise.resolve(handlers[message.type](message.data)).then(function (answer) {
      var reply = { id: message.id, result: [answer] };
      reply[TAG] = 'reply';
      source.postMessage(reply, '*');
    });
  }

  window.addEventListener('message', function (event) {
    var message = event.data;
    if (!message || typeof message !== 'object' || !message[TAG]) return;
    if (message[TAG] === 'send') {
      if (handlers[message.type]) deliver(event.source, message);
      else (queued[message.type] = queued[message.type] || []).push([event.source, message]);
    } else if (message[TAG] === 'reply') {
      var callback = pending[message.id];
      delete pending[message.id];
      // As gapi does: a callback that throws is the caller's business, not the channel's (the
      // web SDK's web-storage check throws after answering, every time).
      try {
        if (callback) callback(message.result);
      } catch (_error) {}
    } else if (message[TAG] === 'ready') {
      readyFrames.push(event.source);
      readyWaiters.splice(0).forEach(function (wake) { wake(); });
    }
  });

  function port(target) {
    return {
      register: function (type, handler) {
        handlers[type] = handler;
        (queued[type] || []).splice(0).forEach(function (entry) { deliver(entry[0], entry[1]); });
      },
      send: function (type, data, callback) {
        var message = { id: String(++counter) + ':' + Math.random(), type: type, data: data };
        message[TAG] = 'send';
        if (callback) pending[message.id] = callback;
        target().postMessage(message, '*');
      },
      restyle: function () { return Promise.resolve(); },
      ping: function (callback) {
        return new Promise(function (resolve) {
          var check = function () {
            if (readyFrames.indexOf(target()) >= 0) { if (callback) callback(); resolve(); }
            else readyWaiters.push(check);
          };
          check();
        });
      },
    };
  }

  var context = {
    open: function (options, opened) {
      var frame = document.createElement('iframe');
      var attributes = options.attributes || {};
      Object.keys(attributes).forEach(function (name) {
        if (name === 'style') Object.assign(frame.style, attributes.style);
        else frame.setAttribute(name, attributes[name]);
      });
      frame.src = options.url;
      (options.where || document.body).appendChild(frame);
      var iframe = port(function () { return frame.contentWindow; });
      return Promise.resolve(opened ? opened(iframe) : iframe);
    },
    getParentIframe: function () {
      var ready = {};
      ready[TAG] = 'ready';
      window.parent.postMessage(ready, '*');
      return port(function () { return window.parent; });
    },
  };

  window.gapi = {
    load: function (_name, options) {
      var callback = typeof options === 'function' ? options : options && options.callback;
      setTimeout(function () { if (callback) callback(); });
    },
    iframes: {
      Iframe: function () {},
      CROSS_ORIGIN_IFRAMES_FILTER: 'cross-origin',
      getContext: function () { return context; },
    },
  };

  var src = document.currentScript && document.currentScript.src;
  var onload = src ? new URL(src).searchParams.get('onload') : null;
  setTimeout(function () {
    if (onload && typeof window[onload] === 'function') window[onload]();
    else if (typeof window.gapi_onload === 'function') window.gapi_onload();
  });
})();`;

/**
 * Serves the stand-in for Google's loader to every page and frame of `context` (the console, the
 * emulator's helper frame, its sign-in window), and answers Google's other hosts (the sign-in
 * window's fonts, styles and script) with nothing at once rather than wait for a network there is not.
 */
export async function standInForGoogle(context: BrowserContext): Promise<void> {
  await context.route('https://apis.google.com/js/api.js*', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: STAND_IN }),
  );
  await context.route(
    /^https:\/\/(fonts\.googleapis\.com|fonts\.gstatic\.com|unpkg\.com)\//,
    (route) =>
      route.fulfill({
        status: 200,
        contentType: route.request().url().endsWith('.js') ? 'text/javascript' : 'text/css',
        body: '',
      }),
  );
}
