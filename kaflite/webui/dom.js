/* kaflite console: the page toolkit console.js draws with -- elements built (h, add, table), regions redrawn
 * keeping keyboard focus (swap, region), aria-live announcements, the admin endpoint's JSON API (api, post),
 * numbers, sizes and times formatted, and record bytes shown as text, JSON or hex. No state of its own.
 */
(function () {
  "use strict";

  function h(tag, attrs) {
    var e = document.createElement(tag);
    if (attrs) {
      for (var k in attrs) {
        var v = attrs[k];
        if (v === undefined || v === null || v === false) { continue; }
        if (k === "text") { e.textContent = v; } else if (k === "on") {
          for (var ev in v) { e.addEventListener(ev, v[ev]); }
        } else { e.setAttribute(k, v === true ? "" : v); }
      }
    }
    for (var i = 2; i < arguments.length; i++) { add(e, arguments[i]); }
    return e;
  }

  function add(parent, child) {
    if (child === null || child === undefined || child === false) { return; }
    if (Array.isArray(child)) { child.forEach(function (c) { add(parent, c); }); return; }
    parent.appendChild(typeof child === "object" ? child : document.createTextNode(String(child)));
  }

  function api(url) {
    return fetch(url, {cache: "no-store"}).then(function (r) {
      return r.json().then(function (body) {
        if (!r.ok) { throw new Error(body.error || ("HTTP " + r.status)); }
        return body;
      });
    });
  }

  function post(url, body) {
    return fetch(url, {method: "POST", headers: {"Content-Type": "application/json"},
                       body: JSON.stringify(body || {})}).then(function (r) {
      return r.json().then(function (b) { if (!r.ok) { throw new Error(b.error || r.status); } return b; });
    });
  }

  function enc(s) { return encodeURIComponent(s); }
  function fmtNum(n) { return n === null || n === undefined ? "\u2013" : Number(n).toLocaleString("en"); }
  function fmtBytes(n) {
    if (n < 1024) { return n + " B"; }
    var u = ["KiB", "MiB", "GiB", "TiB"], i = -1;
    do { n /= 1024; i++; } while (n >= 1024 && i < u.length - 1);
    return n.toFixed(1) + " " + u[i];
  }
  function fmtTime(ms) { return ms === null || ms === undefined || ms < 0 ? "\u2013" : new Date(ms).toISOString(); }
  function tps(pairs) {
    return (pairs || []).map(function (p) { return p[0] + "-" + p[1]; }).join(", ") || "\u2013";
  }

  function announce(text) {
    var live = document.getElementById("live");
    live.appendChild(h("p", {text: text}));
    while (live.childNodes.length > 5) { live.removeChild(live.firstChild); }
  }

  /* Replace `old` by `node`, keeping keyboard focus on the element with the same data-focus-key. */
  function swap(old, node) {
    var a = document.activeElement, key = a && old.contains(a) ? a.getAttribute("data-focus-key") : null;
    old.replaceWith(node);
    if (key) {
      var again = node.querySelector('[data-focus-key="' + CSS.escape(key) + '"]');
      if (again) { again.focus(); }
    }
    return node;
  }

  function region(id, node) {
    node.id = id;
    var old = document.getElementById(id);
    return old ? swap(old, node) : node;
  }

  function table(caption, headers, rows, attrs) {
    return h("table", attrs || {},
             caption ? h("caption", {text: caption}) : null,
             h("thead", null, h("tr", null, headers.map(function (c) {
               var num = c.charAt(0) === "#";
               return h("th", {scope: "col", "class": num ? "num" : null, text: num ? c.slice(1) : c});
             }))),
             h("tbody", null, rows));
  }

  function td(v, cls) { return h("td", {"class": cls || null}, v); }
  function num(v) { return h("td", {"class": "num"}, fmtNum(v)); }

  function stateCell(state) { return h("td", {"class": "state state-" + state}, state); }

  // -- bytes as text / JSON / hex -----------------------------------------------------------------------

  function bytesOf(b64) {
    if (b64 === null || b64 === undefined) { return null; }
    var bin = atob(b64), out = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) { out[i] = bin.charCodeAt(i); }
    return out;
  }

  /* Bytes as text, JSON (pretty; keys and headers that are not JSON stay text) or hex. */
  function show(b64, format, strict) {
    var b = bytesOf(b64);
    if (b === null) { return h("span", {"class": "muted", text: "null"}); }
    if (format === "hex") {
      var parts = [];
      for (var i = 0; i < b.length; i++) { parts.push((b[i] < 16 ? "0" : "") + b[i].toString(16)); }
      return h("span", {"class": "mono", text: parts.join(" ")});
    }
    var text = new TextDecoder("utf-8", {fatal: false}).decode(b);
    if (format === "json") {
      try { return h("span", {"class": "mono", text: JSON.stringify(JSON.parse(text), null, 2)}); } catch (e) {
        return strict ? h("span", null, h("span", {"class": "muted", text: "(not JSON) "}), text) : h("span", {text: text});
      }
    }
    return h("span", {text: text});
  }

  window.KafliteDom = {h: h, add: add, api: api, post: post, enc: enc, fmtNum: fmtNum, fmtBytes: fmtBytes,
                       fmtTime: fmtTime, tps: tps, announce: announce, region: region, table: table, td: td,
                       num: num, stateCell: stateCell, show: show};
})();
