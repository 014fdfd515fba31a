/* kaflite console: hash-routed pages over the admin endpoint's /api/ (see kaflite/broker/console.py).
 *
 * First paint: a group page adds the script /api/groups/{id}/snapshot.js, which hands the group as the
 * broker knows it (members, state, assignor, its history's transitions and marks) to
 * KafliteConsole.snapshot; a script the page inserts holds back its load event until it ran, so a page
 * opened by a script or a screenshot tool already shows the group. Live: one EventSource on /api/events
 * brings every group transition as it happens (the open group's timeline grows without a reload, and its
 * details are fetched again); offsets and lag are polled every POLL_MS while the tab is visible.
 * Re-rendering keeps keyboard focus (elements carry data-focus-key) and announces the open group's
 * transitions in an aria-live region.
 */
(function () {
  "use strict";
  var POLL_MS = 2000;
  var PAGE = 50;
  var EVENTS_MS = 5000;
  var S = {overview: null, route: null, timer: null, refreshing: false, es: null,
           groups: {offset: 0, q: ""}, group: null, records: {}};

  var D = window.KafliteDom; // dom.js, loaded before this script
  var h = D.h, add = D.add, api = D.api, post = D.post, enc = D.enc, fmtNum = D.fmtNum, fmtBytes = D.fmtBytes,
      fmtTime = D.fmtTime, tps = D.tps, announce = D.announce, region = D.region, table = D.table, td = D.td,
      num = D.num, stateCell = D.stateCell, show = D.show;

  // -- pages --------------------------------------------------------------------------------------------

  /* A labelled form control: <label for> (not wrapping), so its name is the label alone. */
  function field(label, control) {
    return h("div", {"class": "field"}, h("label", {"for": control.id, text: label}), control);
  }

  /* A User Timing mark each time a page's data is drawn (devtools' Performance panel, bench/console_load.py). */
  function rendered(what) {
    if (window.performance && performance.mark) { performance.mark("kaflite:" + what); }
  }

  function mainEl() { return document.getElementById("main"); }

  function setPage(title, nodes) {
    var m = mainEl();
    while (m.firstChild) { m.removeChild(m.firstChild); }
    add(m, h("h2", {id: "page-title"}, title));
    add(m, nodes);
    document.title = (typeof title === "string" ? title : m.querySelector("h2").textContent) + " \u2013 kaflite";
  }

  function failed(err) {
    setPage("Error", h("p", {"class": "error", role: "alert", text: String(err.message || err)}));
  }

  // Topics ----------------------------------------------------------------------------------------------

  function topicsPage() {
    setPage("Topics", h("div", {id: "topics-table"}, h("p", {text: "Loading topics\u2026"})));
    return refreshTopics();
  }

  function refreshTopics() {
    return api("/api/topics").then(function (d) {
      var rows = d.topics.map(function (t) {
        return h("tr", null,
                 h("th", {scope: "row"}, h("a", {href: "#/topics/" + enc(t.name), "data-focus-key": "t:" + t.name,
                                                  text: t.name}), t.internal ? h("span", {"class": "muted",
                                                  text: " (internal)"}) : null),
                 num(t.partitions.length), num(t.records), td(fmtBytes(t.size_bytes), "num"));
      });
      region("topics-table", h("div", null, table(d.topics.length + " topics",
        ["Topic", "#Partitions", "#Records (log end \u2212 log start)", "#Size on disk"], rows)));
    });
  }

  function topicPage(name) {
    var st = S.records[name] || (S.records[name] = {partition: 0, offset: "", limit: 50, format: "text"});
    var form = h("form", {"class": "inline", "aria-labelledby": "rb-h"},
      field("Partition", h("select", {id: "rb-partition", name: "partition"})),
      field("From offset (empty: the newest)", h("input", {id: "rb-offset", name: "offset",
        type: "number", min: "0", value: st.offset})),
      field("Records (max 500)", h("input", {id: "rb-limit", name: "limit", type: "number", min: "1",
        max: "500", value: st.limit})),
      field("Show as", h("select", {id: "rb-format", name: "format"},
        ["text", "json", "hex"].map(function (f) {
          return h("option", {value: f, selected: f === st.format, text: f === "json" ? "JSON" : f});
        }))),
      h("button", {type: "submit", id: "rb-load", text: "Load records"}));
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      st.partition = Number(form.partition.value || 0);
      st.offset = form.offset.value;
      st.limit = Number(form.limit.value || 50);
      st.format = form.format.value;
      loadRecords(name, st);
    });
    form.format.addEventListener("change", function () { st.format = form.format.value; renderRecords(name, st); });
    setPage(h("span", null, "Topic ", h("code", {text: name})), [
      h("p", null, h("a", {href: "#/topics", text: "\u2190 all topics"})),
      h("section", {"aria-labelledby": "parts-h"}, h("h3", {id: "parts-h", text: "Partitions"}),
        h("div", {id: "partitions-table"})),
      h("section", {"aria-labelledby": "rb-h"}, h("h3", {id: "rb-h", text: "Record browser"}), form,
        h("p", {id: "rb-status", role: "status", "class": "visually-hidden"}), h("div", {id: "records"}))]);
    return refreshTopic(name, true).then(function () { return loadRecords(name, st); });
  }

  function refreshTopic(name, first) {
    return api("/api/topics").then(function (d) {
      var t = d.topics.filter(function (x) { return x.name === name; })[0];
      if (!t) { throw new Error("no topic " + name); }
      var several = d.brokers > 1; // several brokers: which one leads each partition, at which leader epoch
      var rows = t.partitions.map(function (p) {
        return h("tr", null, h("th", {scope: "row", "class": "num", text: p.partition}),
                 several ? num(p.leader) : null, several ? num(p.leader_epoch) : null, num(p.log_start_offset),
                 num(p.high_watermark), num(p.last_stable_offset), num(p.high_watermark - p.log_start_offset),
                 td(fmtBytes(p.size_bytes), "num"), num(p.segments));
      });
      region("partitions-table", h("div", null, table(null, ["#Partition"].concat(
        several ? ["#Leader", "#Leader epoch"] : [], ["#Log start offset", "#High watermark",
        "#Last stable offset", "#Records", "#Size", "#Segments"]), rows)));
      if (first) {
        var sel = document.getElementById("rb-partition"), st = S.records[name];
        t.partitions.forEach(function (p) {
          sel.appendChild(h("option", {value: p.partition, selected: p.partition === st.partition,
                                       text: String(p.partition)}));
        });
      }
    });
  }

  function loadRecords(name, st) {
    var q = "/api/topics/" + enc(name) + "/records?partition=" + st.partition + "&limit=" + st.limit +
            (st.offset === "" ? "" : "&offset=" + enc(st.offset));
    return api(q).then(function (d) { st.data = d; renderRecords(name, st); });
  }

  function renderRecords(name, st) {
    var d = st.data;
    if (!d) { return; }
    var rows = d.records.map(function (r) {
      if (r.control !== undefined) {
        return h("tr", {"class": "control"}, num(r.offset), td(fmtTime(r.timestamp_ms)),
                 h("td", {colspan: "3", "class": "muted", text: "transaction marker: " + r.control +
                          " (producer " + r.producer_id + ")"}));
      }
      return h("tr", null, num(r.offset), td(fmtTime(r.timestamp_ms)), td(show(r.key, st.format), "payload"),
               td(show(r.value, st.format, true), "payload"),
               td(r.headers.length ? r.headers.map(function (hd) {
                 return h("div", null, h("code", {text: hd[0]}), ": ", show(hd[1], st.format));
               }) : "\u2013", "payload"));
    });
    var more = d.next_offset < d.high_watermark ? h("p", null, h("button", {type: "button", id: "rb-next",
      text: "Next records from offset " + d.next_offset, on: {click: function () {
        st.offset = String(d.next_offset);
        document.getElementById("rb-offset").value = st.offset;
        loadRecords(name, st);
      }}})) : null;
    var summary = d.records.length + " records of " + name + "-" + d.partition + " from offset " + d.offset +
      " (log start " + d.log_start_offset + ", high watermark " + d.high_watermark + ")";
    document.getElementById("rb-status").textContent = summary;  // announced once, not the whole table
    region("records", h("div", null, more, table(summary, ["#Offset", "Timestamp", "Key", "Value", "Headers"],
      rows, {id: "records-table"})));
  }

  // Brokers (several brokers in one kaflite: issue 34) ---------------------------------------------------

  function brokersPage() {
    setPage("Brokers", [h("div", {id: "brokers-table"}, h("p", {text: "Loading brokers\u2026"})),
      h("section", {"aria-labelledby": "moves-h"}, h("h3", {id: "moves-h", text: "Leader moves (newest first)"}),
        h("p", {"class": "muted", text: "Partitions whose leader moved since the admin endpoint started: moved " +
          "on purpose, or because a broker stopped or started. A move of an internal topic's partition moves " +
          "the coordinators on it."}),
        h("div", {id: "moves-table"}))]);
    return refreshBrokers();
  }

  function refreshBrokers() {
    return api("/api/brokers").then(function (d) {
      var rows = d.brokers.map(function (b) {
        var coordinators = Object.keys(b.coordinators).sort().map(function (t) {
          var c = b.coordinators[t];
          return t + ": " + c.partitions + (c.loading ? " (" + c.loading + " loading)" : "");
        }).join(", ") || "\u2013";
        return h("tr", {"class": b.state === "up" ? null : "down"},
                 h("th", {scope: "row", "class": "num", text: String(b.node_id)}), td(b.host + ":" + b.port),
                 td(b.state), td(b.controller ? "controller" : ""), num(b.partitions), td(coordinators));
      });
      region("brokers-table", h("div", null, h("p", {"class": "muted", text: "cluster " + d.cluster_id}),
        table(d.brokers.length + " brokers", ["#Node id", "Address", "State", "Role", "#Partitions led",
          "Coordinator partitions led"], rows, {id: "brokers"})));
      var moves = d.moves.map(function (m) {
        return h("tr", null, td(fmtTime(m.timestamp_ms)), td(m.topic + "-" + m.partition), num(m.old_leader),
                 num(m.leader), num(m.leader_epoch));
      });
      region("moves-table", h("div", null, moves.length ? table(null, ["Time", "Partition", "#From broker",
        "#To broker", "#Leader epoch"], moves, {id: "moves"}) : h("p", {text: "No leader has moved yet."})));
      rendered("brokers");
    });
  }

  // Groups ----------------------------------------------------------------------------------------------

  function groupsPage() {
    var g = S.groups;
    var search = h("input", {type: "search", id: "group-filter", value: g.q, "aria-describedby": "group-count"});
    var form = h("form", {"class": "inline", role: "search"}, field("Filter by group id", search),
                 h("button", {type: "submit", text: "Filter"}));
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      g.q = search.value;
      g.offset = 0;
      refreshGroups();
    });
    setPage("Consumer groups", [form, h("div", {id: "groups-table"}, h("p", {text: "Loading groups\u2026"}))]);
    return refreshGroups();
  }

  function refreshGroups() {
    var g = S.groups;
    return api("/api/groups?offset=" + g.offset + "&limit=" + PAGE + "&q=" + enc(g.q)).then(function (d) {
      var rows = d.groups.map(function (x) {
        return h("tr", null,
                 h("th", {scope: "row"}, h("a", {href: "#/groups/" + enc(x.group_id), text: x.group_id,
                                                  "data-focus-key": "g:" + x.group_id})),
                 td(x.group_type), stateCell(x.state), num(x.generation), num(x.members), num(x.lag));
      });
      var last = Math.min(d.total, d.offset + d.groups.length);
      function page(delta) {
        return function () { g.offset = Math.max(0, g.offset + delta); refreshGroups(); };
      }
      var pager = h("div", {"class": "pager"},
        h("button", {type: "button", "data-focus-key": "prev", disabled: d.offset === 0, text: "\u2190 Previous",
                     on: {click: page(-PAGE)}}),
        h("span", {id: "group-count", text: d.total ? "groups " + (d.offset + 1) + "\u2013" + last + " of " +
                   d.total : "no groups"}),
        h("button", {type: "button", "data-focus-key": "next", disabled: last >= d.total, text: "Next \u2192",
                     on: {click: page(PAGE)}}));
      region("groups-table", h("div", null, pager, table(null,
        ["Group", "Type", "State", "#Generation / epoch", "#Members", "#Lag"], rows, {id: "groups"})));
      rendered("groups");
    });
  }

  // One group -------------------------------------------------------------------------------------------

  function groupPage(id) {
    var windowSel = h("select", {id: "tl-window"},
      [["60000", "last minute"], ["300000", "last 5 minutes"], ["900000", "last 15 minutes"],
       ["3600000", "last hour"], ["0", "everything kept"]].map(function (o) {
        return h("option", {value: o[0], selected: o[0] === "300000", text: o[1]});
      }));
    windowSel.addEventListener("change", drawTimeline);
    S.group = {id: id, data: null, transitions: [], eventMarks: [], liveMarks: [], members: null, stale: false,
               eventsAt: Date.now()};
    setPage(h("span", null, "Group ", h("code", {text: id})), [
      h("p", null, h("a", {href: "#/groups", text: "\u2190 all groups"})),
      h("div", {id: "group-summary"}),
      h("section", {"aria-labelledby": "tl-h"}, h("h3", {id: "tl-h", text: "Timeline"}),
        h("p", {"class": "muted", text: "State bands from the coordinator's transitions (hover or focus " +
          "for the reason); marks for joins, leaves, assignments, epochs and coordinator moves. Updates live."}),
        field("Show", windowSel), h("div", {id: "timeline", "class": "kaflite-timeline"})),
      h("section", {"aria-labelledby": "members-h"}, h("h3", {id: "members-h", text: "Members"}),
        h("div", {id: "members"})),
      h("section", {"aria-labelledby": "lag-h"}, h("h3", {id: "lag-h", text: "Partitions: committed offset and lag"}),
        h("div", {id: "lag"})),
      h("div", {id: "faults"}),
      h("section", {"aria-labelledby": "tr-h"}, h("h3", {id: "tr-h", text: "Transitions (newest first)"}),
        h("div", {id: "transitions"}))]);
    return firstPaint(S.group).catch(function () {
      // No snapshot script (an old browser without Sec-Fetch-Site, or the group is gone): the JSON routes.
      var G = S.group;
      if (!G || G.id !== id) { return; }
      return api("/api/groups/" + enc(id) + "/timeline").then(function (t) {
        if (S.group !== G) { return; }
        G.eventMarks = marksFromEvents(t.events);
        return refreshGroup();
      });
    });
  }

  /* The group's snapshot script, drawn as soon as it ran (see the top of this file); rejects if it failed. */
  var snapshotWaiting = null;
  function firstPaint(G) {
    return new Promise(function (resolve, reject) {
      var s = document.createElement("script");
      snapshotWaiting = {G: G, resolve: resolve};
      s.src = "/api/groups/" + enc(G.id) + "/snapshot.js";
      s.onerror = function () { s.remove(); if (snapshotWaiting && snapshotWaiting.G === G) { snapshotWaiting = null; }
                                reject(new Error("no snapshot of " + G.id)); };
      s.onload = function () { s.remove(); };
      document.head.appendChild(s);
    });
  }

  window.KafliteConsole = {
    snapshot: function (d) {
      var w = snapshotWaiting;
      if (!w || d.group.group_id !== w.G.id) { return; } // a late answer for a page already left
      snapshotWaiting = null;
      w.resolve();
      if (S.group !== w.G) { return; }
      w.G.eventMarks = marksFromEvents(d.events);
      w.G.eventsAt = Date.now();
      renderGroup(w.G, d.group);
      var status = document.getElementById("conn-status");
      if (status.textContent === "connecting\u2026") {
        status.textContent = "snapshot of " + new Date().toISOString().slice(11, 19) + " UTC, connecting\u2026";
      }
    }
  };

  function marksFromEvents(events) {
    var kinds = {"member-joined": "join", "member-left": "leave", "member-assignment": "assignment",
                 "group-epoch": "epoch", "coordinator-moved": "move"};
    return (events || []).filter(function (e) { return kinds[e.event]; }).map(function (e) {
      var label = e.event === "coordinator-moved" ? "coordinator moved from broker " + e.old_leader +
        " to broker " + e.leader + " (leader epoch " + e.leader_epoch + ")" :
        e.event === "group-epoch" ? "group epoch " + e.group_epoch :
        e.event === "member-assignment" ? "member epoch " + e.member_epoch + " " + e.member_state + ": " +
          tps(e.assignment) + (e.pending_revocation && e.pending_revocation.length ?
          "; revoking " + tps(e.pending_revocation) : "") : e.event;
      return {t: e.timestamp_ms, kind: kinds[e.event], member: e.member_id, label: label};
    });
  }

  /* A classic group's joins and leaves: the member ids its history's transitions name (their reasons). */
  function memberMarks(G) {
    if (G.type === "consumer") { return []; }
    var out = [];
    G.transitions.forEach(function (x) {
      (x.joined || []).forEach(function (m) { out.push({t: x.timestamp_ms, kind: "join", member: m, label: x.reason}); });
      (x.left || []).forEach(function (m) { out.push({t: x.timestamp_ms, kind: "leave", member: m, label: x.reason}); });
    });
    return out;
  }

  /* A classic group's assignment is the leader's SyncGroup: the transition to Stable that carries it. */
  function assignmentMarks(G) {
    if (G.type === "consumer") { return []; }
    return G.transitions.filter(function (x) {
      return x.to_state === "Stable" && /assignment/.test(x.reason);
    }).map(function (x) {
      return {t: x.timestamp_ms, kind: "assignment", label: "generation " + x.generation + ": " + x.reason};
    });
  }

  function drawTimeline() {
    var G = S.group, box = document.getElementById("timeline");
    if (!G || !box || !window.KafliteTimeline) { return; }
    var w = Number(document.getElementById("tl-window").value);
    var now = Date.now();
    var latest = G.transitions.length ? G.transitions[G.transitions.length - 1].timestamp_ms : now;
    window.KafliteTimeline.render(box, {groups: [{
      id: G.id, type: G.type,
      transitions: G.transitions.map(function (x) {
        return {t: x.timestamp_ms, from: x.from_state, to: x.to_state, generation: x.generation,
                members: x.members, reason: x.reason};
      }),
      marks: G.eventMarks.concat(memberMarks(G), G.liveMarks, assignmentMarks(G))}]}, {end: Math.max(now, latest), windowMs: w || undefined});
  }

  /* Membership marks for classic groups that the history does not name (a member joining a rebalance
   * already under way makes no transition): seen as the page follows the group. */
  function diffMembers(G, g) {
    var members = {}, named = {};
    g.members.forEach(function (m) { members[m.member_id] = m.client_id; });
    memberMarks(G).forEach(function (k) { named[k.kind + " " + k.member] = true; });
    var t = G.transitions.length ? G.transitions[G.transitions.length - 1].timestamp_ms : Date.now();
    if (G.members !== null && G.type !== "consumer") {
      Object.keys(members).forEach(function (m) {
        if (!(m in G.members) && !named["join " + m]) {
          G.liveMarks.push({t: t, kind: "join", member: m, label: "client " + members[m]});
        }
      });
      Object.keys(G.members).forEach(function (m) {
        if (!(m in members) && !named["leave " + m]) {
          G.liveMarks.push({t: t, kind: "leave", member: m, label: "client " + G.members[m]});
        }
      });
    }
    G.members = members;
  }

  function refreshGroup() {
    var G = S.group, id = G.id;
    // A consumer group's record events are read from its whole __consumer_offsets partition: at most
    // every EVENTS_MS, however fast its transitions come.
    var events = null;
    if (G.stale && G.type === "consumer" && Date.now() - G.eventsAt >= EVENTS_MS) {
      events = api("/api/groups/" + enc(id) + "/timeline");
      G.stale = false;
      G.eventsAt = Date.now();
    }
    return Promise.all([api("/api/groups/" + enc(id)), events]).then(function (both) {
      if (S.group !== G) { return; }
      if (both[1]) { G.eventMarks = marksFromEvents(both[1].events); }
      renderGroup(G, both[0]);
    });
  }

  /* Draw the group page from the group's JSON (the snapshot script's or a refresh's). */
  function renderGroup(G, g) {
    var id = G.id;
    G.data = g;
    G.type = g.group_type;
    G.transitions = g.history.slice();
    diffMembers(G, g);
    var consumer = g.group_type === "consumer";
    var share = g.group_type === "share";  // KIP-932: epochs as a consumer group, no revocation, no fencing
    var modern = consumer || share;
    var lags = g.partitions.filter(function (p) { return p.lag !== null; });
    var total = lags.length ? lags.reduce(function (a, p) { return a + p.lag; }, 0) : null;
    region("group-summary", h("dl", {"class": "summary"},
      h("dt", {text: "Type"}), h("dd", {text: g.group_type + (g.protocol_type ? " (" + g.protocol_type + ")" : "")}),
      h("dt", {text: "State"}), h("dd", {"class": "state state-" + g.state, id: "group-state", text: g.state}),
      h("dt", {text: modern ? "Group epoch" : "Generation"}), h("dd", {id: "group-generation",
                                                                      text: String(g.generation)}),
      modern ? [h("dt", {text: "Assignment epoch"}), h("dd", {id: "group-assignment-epoch",
                                                              text: String(g.assignment_epoch)})] : null,
      h("dt", {text: modern ? "Assignor" : "Protocol"}), h("dd", {id: "group-assignor",
                                                                  text: g.assignor || g.protocol || "\u2013"}),
      modern ? null : [h("dt", {text: "Leader"}), h("dd", {text: g.leader || "\u2013"})],
      h("dt", {text: "Members"}), h("dd", {id: "group-members", text: String(g.members.length)}),
      h("dt", {text: "Total lag"}), h("dd", {id: "group-lag", text: fmtNum(total)})));
    var faults = g.faults_enabled;
    var mrows = g.members.map(function (m) {
      return h("tr", null, h("th", {scope: "row"}, h("code", {text: m.member_id})), td(m.client_id),
        td(m.client_host), td(m.group_instance_id || "\u2013"),
        modern ? [num(m.member_epoch), td(m.member_state)] : null,
        td(tps(m.assignment), "assignment"),
        consumer ? td(tps(m.pending_revocation)) : null,
        faults ? h("td", null,
          h("button", {type: "button", "class": "fault", "data-focus-key": "expire:" + m.member_id,
                       "aria-label": "Expire member " + m.member_id + " now", text: "Expire",
                       on: {click: fault("/faults/expire-member", {group: id, member_id: m.member_id})}}), " ",
          consumer ? h("button", {type: "button", "class": "fault", "data-focus-key": "fence:" + m.member_id,
                       "aria-label": "Fence member " + m.member_id, text: "Fence",
                       on: {click: fault("/faults/fence-member", {group: id, member_id: m.member_id})}}) : null,
          " ", h("button", {type: "button", "class": "fault", "data-focus-key": "drop:" + m.member_id,
                       "aria-label": "Drop the connections of member " + m.member_id, text: "Drop connections",
                       on: {click: fault("/faults/drop-member-connections", {group: id,
                                                                             member_id: m.member_id})}})) : null);
    });
    var mhead = ["Member id", "Client id", "Host", "Instance id"].concat(
      modern ? ["#Member epoch", "Member state"] : [], ["Assignment"], consumer ? ["Pending revocation"] : [],
      faults ? ["Faults"] : []);
    region("members", h("div", null, g.members.length ? table(g.members.length + " members", mhead, mrows,
      {id: "members-table"}) : h("p", {"class": "muted", text: "no members"})));
    if (share) {
      renderSharePartitions(g);
    } else {
      var lrows = g.partitions.map(function (p) {
        return h("tr", null, td(p.topic), num(p.partition), num(p.committed_offset), num(p.log_end_offset),
                 num(p.lag), td(p.client_id ? p.client_id + " (" + p.host + ")" : "\u2013"));
      });
      region("lag", h("div", null, g.partitions.length ? table(null, ["Topic", "#Partition", "#Committed offset",
        "#Log end offset", "#Lag", "Owner (client id, host)"], lrows, {id: "lag-table"}) :
        h("p", {"class": "muted", text: "no assigned partitions or committed offsets"})));
    }
    region("faults", faults ? h("section", {"aria-labelledby": "faults-h"},
      h("h3", {id: "faults-h", text: "Faults (admin.faults.enable)"}),
      h("p", null,
        h("button", {type: "button", "class": "fault", "data-focus-key": "pause", text: "Pause the broker",
                     on: {click: fault("/faults/pause")}}), " ",
        h("button", {type: "button", "data-focus-key": "resume", text: "Resume", on: {click: fault("/faults/resume")}}),
        " ", h("button", {type: "button", "data-focus-key": "clear", text: "Clear all faults",
                          on: {click: fault("/faults/clear")}}))) : h("div"));
    renderTransitions();
    drawTimeline();
    rendered("group");
  }

  /* A share group's partitions: kafka-share-groups.sh's start offset and lag, and the records in flight where a
   * member fetched them on this broker: by state, who holds them, how often they were delivered. */
  function renderSharePartitions(g) {
    function rec(p, state) { return num(p.records ? p.records[state] : null); }
    function holders(p) {
      var by = p.acquired_by || {};
      var ids = Object.keys(by);
      return ids.length ? ids.map(function (m) { return m + ": " + by[m]; }).join(", ") : "\u2013";
    }
    function deliveries(p) {
      var d = p.delivery_counts || {};
      var ks = Object.keys(d);
      return ks.length ? ks.map(function (k) { return k + "\u00d7: " + d[k]; }).join(", ") : "\u2013";
    }
    var rows = g.partitions.map(function (p) {
      return h("tr", null, td(p.topic), num(p.partition), num(p.start_offset), num(p.log_end_offset), num(p.lag),
               num(p.in_flight), rec(p, "available"), rec(p, "acquired"), rec(p, "acknowledged"),
               rec(p, "archived"), td(holders(p)), td(deliveries(p)),
               td(p.members.length ? p.members.join(", ") : "\u2013"));
    });
    region("lag", h("div", null, g.partitions.length ? table(null, ["Topic", "#Partition", "#Start offset",
      "#Log end offset", "#Lag", "#In flight", "#Available", "#Acquired", "#Acknowledged", "#Archived",
      "Acquired by (member: records)", "Delivery counts (deliveries: records)", "Assigned to"], rows,
      {id: "lag-table"}) : h("p", {"class": "muted", text: "no share partitions yet"})));
  }

  function renderTransitions() {
    var G = S.group;
    var rows = G.transitions.slice(-100).reverse().map(function (x) {
      return h("tr", null, td(fmtTime(x.timestamp_ms)), td(x.from_state || "\u2013"), stateCell(x.to_state),
               num(x.generation), num(x.members), td(x.reason));
    });
    region("transitions", h("div", null, table(G.transitions.length + " transitions kept (the latest 100 shown)",
      ["Time (UTC)", "From", "To", "#Generation", "#Members", "Reason"], rows, {id: "transitions-table"})));
  }

  function fault(path, body) {
    return function () {
      post(path, body).then(function (r) {
        announce(path.replace("/faults/", "") + ": " + JSON.stringify(r));
        refreshCurrent();
      }, function (e) { announce("failed: " + e.message); });
    };
  }

  // -- live updates -------------------------------------------------------------------------------------

  function onTransition(ev) {
    var t = JSON.parse(ev.data), G = S.group;
    if (S.route === "group" && G && t.group_id === G.id) {
      G.transitions.push(t);
      G.stale = true;
      announce("group " + t.group_id + ": " + (t.from_state || "new") + " \u2192 " + t.to_state + ", generation " +
               t.generation + " (" + t.reason + ")");
      renderTransitions();
      drawTimeline();
      soon();
    } else if (S.route === "groups") {
      soon();
    }
  }

  var soonTimer = null;
  function soon() {
    if (soonTimer) { return; }
    soonTimer = setTimeout(function () { soonTimer = null; refreshCurrent(); }, 250);
  }

  function connect() {
    if (!window.EventSource) { return; }
    var status = document.getElementById("conn-status");
    var es = new EventSource("/api/events");
    S.es = es;
    es.addEventListener("hello", function () { status.textContent = "live"; status.className = "conn-status"; });
    es.addEventListener("transition", onTransition);
    es.addEventListener("reset", function () { soon(); });
    es.onerror = function () { status.textContent = "reconnecting\u2026"; status.className = "conn-status down"; };
  }

  function refreshCurrent() {
    if (S.refreshing) { return Promise.resolve(); }
    S.refreshing = true;
    var p;
    if (S.route === "groups") { p = refreshGroups(); } else if (S.route === "group") { p = refreshGroup(); } else if (
      S.route === "topics") { p = refreshTopics(); } else if (S.route === "topic") { p = refreshTopic(S.topic, false); } else if (
      S.route === "brokers") { p = refreshBrokers(); }
    return Promise.resolve(p).catch(function () {}).then(function () { S.refreshing = false; });
  }

  function poll() {
    if (document.visibilityState === "visible") { refreshCurrent(); }
  }

  // -- routing ------------------------------------------------------------------------------------------

  /* Draw the page the hash names; `moved` (a hashchange, not the first load) puts focus on its content. */
  function route(moved) {
    var hash = location.hash;
    if (hash && hash.indexOf("#/") !== 0) { return; } // in-page anchors (the skip link) are not routes
    var parts = (hash || "#/groups").slice(2).split("/");
    var section = parts[0] || "groups", arg = parts.length > 1 ? decodeURIComponent(parts.slice(1).join("/")) : null;
    document.querySelectorAll("nav a").forEach(function (a) {
      if (a.getAttribute("data-section") === section) { a.setAttribute("aria-current", "page"); } else {
        a.removeAttribute("aria-current");
      }
    });
    S.group = null;
    var p;
    if (section === "topics" && arg) { S.route = "topic"; S.topic = arg; p = topicPage(arg); } else if (
      section === "topics") { S.route = "topics"; p = topicsPage(); } else if (section === "brokers") {
      S.route = "brokers"; p = brokersPage();
    } else if (section === "groups" && arg) {
      S.route = "group"; p = groupPage(arg);
    } else { S.route = "groups"; p = groupsPage(); }
    if (moved === true) { mainEl().focus(); }
    return Promise.resolve(p).catch(failed);
  }

  function start() {
    api("/api/overview").then(function (o) {
      S.overview = o;
      document.getElementById("broker-info").textContent = "bootstrap " + o.bootstrap + " \u00b7 cluster " +
        o.cluster_id + (o.faults_enabled ? " \u00b7 faults enabled" : " \u00b7 read-only");
    }).catch(function () {});
    window.addEventListener("hashchange", function () { route(true); });
    route();
    connect();
    S.timer = setInterval(poll, POLL_MS);
  }

  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
