/* kaflite's group timeline: one SVG picture, drawn by the live console and by `kaflite analyze`'s report.
 *
 * Why one renderer: a rebalance storm or a slow member should look the same wherever it is looked at.
 * Plain DOM/SVG, no library, no network. Input (times in epoch milliseconds):
 *   {start?, end?, groups: [{id, type?, transitions: [{t, from, to, generation, members, reason}],
 *                            marks: [{t, kind, member?, label}]}]}
 * A transition starts a band in its `to` state that lasts until the next one (the last until `end`);
 * marks (kind: join, leave, assignment, epoch, fault, move: the group's coordinator moved to another broker) sit
 * on a row under the bands. Every band and mark
 * carries a <title> (hover, and read by screen readers); the SVG has a text summary per group.
 */
(function (root) {
  "use strict";
  var NS = "http://www.w3.org/2000/svg";
  var STATE_COLOURS = {
    Stable: "#2e7d32", Empty: "#9e9e9e", Dead: "#424242",
    PreparingRebalance: "#f9a825", CompletingRebalance: "#ef6c00",
    Assigning: "#8e24aa", Reconciling: "#f9a825", NotReady: "#bdbdbd",
    /* a transactional id's lane (kaflite analyze): the coordinator's transaction states */
    Ongoing: "#1565c0", PrepareCommit: "#00897b", PrepareAbort: "#c62828", CompleteCommit: "#81c784",
    CompleteAbort: "#ef9a9a", PrepareEpochFence: "#6a1b9a"
  };
  var MARK_COLOURS = {join: "#1b5e20", leave: "#b71c1c", assignment: "#0d47a1", epoch: "#546e7a", fault: "#d500f9",
                      move: "#e65100",
                      commit: "#2e7d32", abort: "#b71c1c"};
  var REBALANCING = {PreparingRebalance: 1, Reconciling: 1, Assigning: 1};
  var STEPS = [100, 250, 500, 1e3, 2e3, 5e3, 1e4, 15e3, 3e4, 6e4, 12e4, 3e5, 6e5, 9e5, 18e5, 36e5, 72e5,
               216e5, 432e5, 864e5];
  var LANE = 58, TOP = 8, AXIS = 34, LEFT = 8, RIGHT = 12;

  function el(name, attrs, parent, text) {
    var e = document.createElementNS(NS, name);
    for (var k in attrs) { if (attrs[k] !== undefined && attrs[k] !== null) { e.setAttribute(k, attrs[k]); } }
    if (text !== undefined) { e.textContent = text; }
    if (parent) { parent.appendChild(e); }
    return e;
  }

  function pad(n, w) { n = String(n); while (n.length < w) { n = "0" + n; } return n; }

  function clock(ms, withMs) {
    var d = new Date(ms);
    var s = pad(d.getUTCHours(), 2) + ":" + pad(d.getUTCMinutes(), 2) + ":" + pad(d.getUTCSeconds(), 2);
    return withMs ? s + "." + pad(d.getUTCMilliseconds(), 3) : s;
  }

  function duration(ms) {
    if (ms < 1000) { return Math.round(ms) + " ms"; }
    if (ms < 120000) { return (ms / 1000).toFixed(ms < 10000 ? 2 : 1) + " s"; }
    return (ms / 60000).toFixed(1) + " min";
  }

  function colour(state) { return STATE_COLOURS[state] || "#1565c0"; }

  /* The bounds of the picture: the options', else the data's (with a little room on the right). */
  function bounds(data, options) {
    var lo = Infinity, hi = -Infinity;
    (data.groups || []).forEach(function (g) {
      (g.transitions || []).forEach(function (t) { lo = Math.min(lo, t.t); hi = Math.max(hi, t.t); });
      (g.marks || []).forEach(function (m) { lo = Math.min(lo, m.t); hi = Math.max(hi, m.t); });
    });
    var end = options.end || data.end || (isFinite(hi) ? hi : Date.now());
    var start = options.start || data.start || (isFinite(lo) ? lo : end - 60000);
    if (options.windowMs) { start = Math.max(start, end - options.windowMs); }
    if (end - start < 1000) { start = end - 1000; }
    if (!options.end && !data.end) { end += (end - start) * 0.02; }
    return [start, end];
  }

  function summary(g, start, end) {
    var ts = g.transitions || [];
    var inView = ts.filter(function (t) { return t.t >= start && t.t <= end; });
    var rebalances = inView.filter(function (t) { return REBALANCING[t.to]; }).length;
    var last = ts.length ? ts[ts.length - 1] : null;
    var longest = 0, longestState = "";
    for (var i = 0; i < ts.length; i++) {
      if (!REBALANCING[ts[i].to] && ts[i].to !== "CompletingRebalance") { continue; }
      var until = i + 1 < ts.length ? ts[i + 1].t : end;
      if (until - ts[i].t > longest) { longest = until - ts[i].t; longestState = ts[i].to; }
    }
    var text = "group " + g.id + ": " + inView.length + " transitions, " + rebalances + " rebalances shown";
    if (last) { text += "; now " + last.to + " (generation " + last.generation + ", " + last.members + " members)"; }
    if (longest) { text += "; longest " + longestState + " " + duration(longest); }
    return {text: text, rebalances: rebalances};
  }

  function render(container, data, options) {
    options = options || {};
    var groups = data.groups || [];
    var width = options.width || Math.max(480, (container.clientWidth || 960) - 4);
    var b = bounds(data, options), start = b[0], end = b[1];
    var plotW = width - LEFT - RIGHT;
    var height = TOP + Math.max(1, groups.length) * LANE + AXIS;
    function x(t) { return LEFT + (Math.min(Math.max(t, start), end) - start) / (end - start) * plotW; }

    var svg = el("svg", {xmlns: NS, width: width, height: height, viewBox: "0 0 " + width + " " + height,
                         role: "img", "class": "kaflite-timeline-svg", "font-family": "system-ui, sans-serif",
                         "font-size": "11"});
    var titleId = (container.id || "timeline") + "-title", descId = (container.id || "timeline") + "-desc";
    svg.setAttribute("aria-labelledby", titleId + " " + descId);
    el("title", {id: titleId}, svg, "Group timeline, " + clock(start) + " to " + clock(end) + " UTC");
    var descs = [];

    groups.forEach(function (g, i) {
      var y = TOP + i * LANE;
      var s = summary(g, start, end);
      descs.push(s.text);
      var lane = el("g", {"class": "lane", "data-group": g.id}, svg);
      el("text", {x: LEFT, y: y + 10, fill: "#222", "font-weight": "600"}, lane,
         g.id + (g.type ? " (" + g.type + ")" : "") + " \u2014 " + (g.type === "transaction"
           ? (g.marks || []).length + " transactions ended" : s.rebalances + " rebalances"));
      el("rect", {x: LEFT, y: y + 15, width: plotW, height: 18, fill: "#f1f1f1"}, lane);
      var ts = g.transitions || [];
      for (var k = 0; k < ts.length; k++) {
        var t = ts[k], until = k + 1 < ts.length ? ts[k + 1].t : end;
        if (until < start || t.t > end) { continue; }
        var x0 = x(t.t), x1 = Math.max(x(until), x0 + 1.5);
        var band = el("rect", {x: x0, y: y + 15, width: x1 - x0, height: 18, fill: colour(t.to),
                               "class": "band state-" + t.to, "data-state": t.to}, lane);
        el("title", {}, band, t.to + " at " + clock(t.t, true) + " for " + duration(until - t.t) +
           " \u2014 generation " + t.generation + ", " + t.members + " members" + (t.reason ? ": " + t.reason : ""));
        if (x1 - x0 > 60) {
          el("text", {x: x0 + 3, y: y + 28, fill: "#fff", "pointer-events": "none"}, lane,
             t.to.replace("Rebalance", "") + " g" + t.generation);
        }
        if (k > 0 && ts[k - 1].generation !== t.generation) {
          el("line", {x1: x0, x2: x0, y1: y + 13, y2: y + 35, stroke: "#000", "stroke-width": 1}, lane);
        }
      }
      (g.marks || []).forEach(function (m) {
        if (m.t < start || m.t > end) { return; }
        var mx = x(m.t), my = y + 44, c = MARK_COLOURS[m.kind] || "#333", shape;
        if (m.kind === "join") {
          shape = el("path", {d: "M" + mx + " " + (my - 5) + " l5 9 h-10 z", fill: c}, lane);
        } else if (m.kind === "leave") {
          shape = el("path", {d: "M" + mx + " " + (my + 5) + " l5 -9 h-10 z", fill: c}, lane);
        } else if (m.kind === "assignment") {
          shape = el("path", {d: "M" + mx + " " + (my - 5) + " l5 5 l-5 5 l-5 -5 z", fill: c}, lane);
        } else {
          shape = el("rect", {x: mx - 1, y: my - 5, width: 2.5, height: 10, fill: c}, lane);
        }
        shape.setAttribute("class", "mark mark-" + m.kind);
        el("title", {}, shape, m.kind + " at " + clock(m.t, true) + (m.member ? " \u2014 " + m.member : "") +
           (m.label ? ": " + m.label : ""));
      });
    });

    // The time axis: "nice" steps, at most ~8 labels.
    var axisY = TOP + Math.max(1, groups.length) * LANE + 4;
    var axis = el("g", {"class": "axis"}, svg);
    el("line", {x1: LEFT, x2: LEFT + plotW, y1: axisY, y2: axisY, stroke: "#555"}, axis);
    var step = STEPS[STEPS.length - 1];
    for (var j = 0; j < STEPS.length; j++) { if ((end - start) / STEPS[j] <= 8) { step = STEPS[j]; break; } }
    for (var tick = Math.ceil(start / step) * step; tick <= end; tick += step) {
      el("line", {x1: x(tick), x2: x(tick), y1: axisY, y2: axisY + 4, stroke: "#555"}, axis);
      var anchor = x(tick) < LEFT + 40 ? "start" : x(tick) > LEFT + plotW - 40 ? "end" : "middle";
      el("text", {x: x(tick), y: axisY + 16, "text-anchor": anchor, fill: "#333"}, axis, clock(tick, step < 1000));
    }
    el("text", {x: LEFT + plotW, y: axisY + 30, "text-anchor": "end", fill: "#555"}, axis, "time (UTC)");
    if (!groups.length) { el("text", {x: LEFT, y: TOP + 24, fill: "#777"}, svg, "no transitions yet"); }
    el("desc", {id: descId}, svg, descs.join(". ") || "no groups");

    while (container.firstChild) { container.removeChild(container.firstChild); }
    container.appendChild(svg);
    if (options.legend !== false) {
      container.appendChild(legend(groups.some(function (g) { return g.type === "transaction"; })));
    }
    return svg;
  }

  function legend(withTransactions) {
    var p = document.createElement("p");
    p.className = "kaflite-timeline-legend";
    p.style.cssText = "font: 12px system-ui, sans-serif";
    var items = [["Stable", colour("Stable")], ["PreparingRebalance / Reconciling", colour("PreparingRebalance")],
                 ["CompletingRebalance", colour("CompletingRebalance")], ["Assigning", colour("Assigning")],
                 ["Empty", colour("Empty")], ["\u25b2 join", MARK_COLOURS.join], ["\u25bc leave", MARK_COLOURS.leave],
                 ["\u25c6 assignment", MARK_COLOURS.assignment], ["| epoch", MARK_COLOURS.epoch]];
    if (withTransactions) {
      items.push(["Ongoing", colour("Ongoing")], ["PrepareCommit", colour("PrepareCommit")],
                 ["PrepareAbort", colour("PrepareAbort")], ["| commit", MARK_COLOURS.commit],
                 ["| abort", MARK_COLOURS.abort]);
    }
    items.forEach(function (it) {
      var s = document.createElement("span");
      s.style.marginRight = "1em";
      var sw = document.createElement("span");
      sw.setAttribute("aria-hidden", "true");
      sw.style.cssText = "display:inline-block;width:10px;height:10px;margin-right:4px;background:" + it[1];
      s.appendChild(sw);
      s.appendChild(document.createTextNode(it[0]));
      p.appendChild(s);
    });
    return p;
  }

  root.KafliteTimeline = {render: render, summary: summary, colour: colour, clock: clock, duration: duration};
})(typeof window !== "undefined" ? window : this);
