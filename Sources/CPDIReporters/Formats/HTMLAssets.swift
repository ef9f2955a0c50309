/// The HTML report's stylesheet and script, inlined into every page so the file works offline and
/// needs no bundle resources. Severity colours are DOTFormat's, so table and graph agree.
enum HTMLAssets {
    static let style = #"""

:root { --fg: #1f2937; --muted: #6b7280; --line: #e5e7eb; --bg: #f6f7f9; --card: #fff; --accent: #7c3aed;
  --error: #dc2626; --warning: #ea580c; --info: #2563eb; --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; }
* { box-sizing: border-box; }
body { margin: 0; color: var(--fg); background: var(--bg);
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif; }
h2 { font-size: 15px; margin: 0; }
code, kbd { font-family: var(--mono); font-size: 12px; }
code { background: #f1f5f9; border-radius: 4px; padding: 0 4px; }
kbd { border: 1px solid var(--line); border-bottom-width: 2px; border-radius: 4px; padding: 0 4px; background: #fff; }
a { color: #1d4ed8; text-decoration: none; }
a:hover { text-decoration: underline; }
[hidden] { display: none !important; }

header.top { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 20px; padding: 12px 20px; background: #fff; border-bottom: 1px solid var(--line); }
.brand { font-size: 18px; font-weight: 700; letter-spacing: -0.01em; }
.brand span { font-weight: 400; color: var(--muted); }
.stats { display: flex; flex-wrap: wrap; gap: 6px; margin: 0; padding: 0; list-style: none; }
.stats li { padding: 3px 10px; border-radius: 999px; background: #f1f5f9; color: #475569; font-size: 13px; }
.stats b { color: var(--fg); font-variant-numeric: tabular-nums; }
.stats .stat-error { background: #fef2f2; } .stats .stat-error b { color: var(--error); }
.stats .stat-warning { background: #fff7ed; } .stats .stat-warning b { color: var(--warning); }
.stats .stat-info { background: #eff6ff; } .stats .stat-info b { color: var(--info); }
.stats .zero { background: #f8fafc; color: #94a3b8; } .stats .zero b { color: #94a3b8; }
.meta { margin-left: auto; color: var(--muted); font-size: 12px; }

main { display: grid; grid-template-columns: minmax(0, 1fr); gap: 16px; padding: 16px 20px 32px; }
.workspace, .card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; box-shadow: 0 1px 2px rgba(15, 23, 42, .04); }
/* The graph takes the window below the header, with the findings' heading just in view under it. */
.workspace { display: grid; grid-template-columns: minmax(0, 1fr) 360px; height: clamp(380px, calc(100vh - 120px), 1400px); overflow: hidden; }

.graph { position: relative; overflow: hidden; cursor: grab;
  background: radial-gradient(circle, #e5e7eb 1px, transparent 1px) 0 0 / 22px 22px, #fcfcfd; }
.graph.dragging { cursor: grabbing; }
.graph svg { display: block; width: 100%; height: 100%; user-select: none; -webkit-user-select: none; touch-action: none; }
.graph svg g.graph > g > a > polygon { fill: transparent; }
.graph svg .node { cursor: pointer; }
.graph svg .node:hover polygon, .graph svg .node:hover ellipse, .graph svg .node:hover path { stroke-width: 2px; }
.graph svg .node, .graph svg .edge { transition: opacity .15s; }
.graph svg.has-selection .node:not(.related), .graph svg.has-selection .edge:not(.related) { opacity: .2; }
.graph svg .node.selected polygon, .graph svg .node.selected ellipse, .graph svg .node.selected path { stroke: var(--accent); stroke-width: 3.5px; }
.graph svg .node.selected text { font-weight: 700; }
.toolbar { position: absolute; top: 12px; left: 12px; display: flex; flex-direction: column; border: 1px solid var(--line);
  border-radius: 8px; background: #fff; box-shadow: 0 1px 3px rgba(15, 23, 42, .08); overflow: hidden; }
.toolbar button { width: 32px; height: 32px; border: 0; border-bottom: 1px solid var(--line); background: #fff; color: #334155; font: 18px/1 system-ui, sans-serif; cursor: pointer; }
.toolbar button:last-child { border-bottom: 0; }
.toolbar button:nth-child(n+3) { font-size: 16px; }
.toolbar button:hover { background: #f1f5f9; }
.legend { position: absolute; left: 12px; bottom: 10px; display: flex; flex-wrap: wrap; gap: 4px 12px; padding: 5px 10px; max-width: calc(100% - 24px);
  border: 1px solid var(--line); border-radius: 8px; background: rgba(255, 255, 255, .92); color: #475569; font-size: 11.5px; }
.lg::before { content: ""; display: inline-block; width: 12px; height: 9px; margin-right: 5px; vertical-align: -1px; border: 1px solid #334155; }
.lg-component::before { background: #dbeafe; border-radius: 3px; }
.lg-container::before { background: #dcfce7; }
.lg-group::before { background: #e0e7ff; }
.lg-alias::before { background: #fef9c3; }
.lg-leaf::before { background: #f3f4f6; border-radius: 50%; }
.lg-forward::before, .lg-requires::before, .lg-composes::before { width: 16px; height: 0; border: 0; border-top: 2px solid #1d4ed8; vertical-align: 3px; }
.lg-requires::before { border-top: 2px dashed #525252; }
.lg-composes::before { border-top-color: #a3a3a3; }
.graph:not(.full-view) .legend .full-only { display: none; }
.views { position: absolute; top: 12px; right: 12px; display: flex; border: 1px solid var(--line); border-radius: 8px; background: #fff;
  box-shadow: 0 1px 3px rgba(15, 23, 42, .08); overflow: hidden; }
.views button { padding: 6px 11px; border: 0; background: #fff; color: #334155; font: 12.5px system-ui, sans-serif; cursor: pointer; }
.views button + button { border-left: 1px solid var(--line); }
.views button:hover { background: #f1f5f9; }
.views button[aria-pressed="true"] { background: #eef2ff; color: #3730a3; font-weight: 600; }
.fit-note { position: absolute; top: 12px; left: 56px; max-width: calc(100% - 320px); padding: 5px 10px; border: 1px solid var(--line); border-radius: 8px;
  background: rgba(255, 255, 255, .92); color: #475569; font-size: 11.5px; pointer-events: none; }

.panel { overflow: auto; border-left: 1px solid var(--line); padding: 16px 18px; background: #fff; }
.panel-empty { color: var(--muted); }
.panel-empty h2 { color: var(--fg); margin-bottom: 6px; }
.panel-empty p { margin: 0 0 10px; }
.panel-empty .hint { font-size: 12px; }
.panel-head { display: flex; align-items: center; gap: 8px; }
.panel-head h2 { font-size: 17px; overflow-wrap: anywhere; }
.panel-head .close { margin-left: auto; width: 28px; height: 28px; border: 1px solid var(--line); border-radius: 6px; background: #fff; color: var(--muted); font-size: 16px; cursor: pointer; }
.panel-head .close:hover { background: #f1f5f9; color: var(--fg); }
.panel .loc { display: block; margin: 4px 0; font-family: var(--mono); font-size: 12px; overflow-wrap: anywhere; }
.panel .loc .dir { display: block; color: var(--muted); }
.show-full { margin-top: 6px; padding: 4px 10px; border: 1px solid #c7d2fe; border-radius: 6px; background: #eef2ff; color: #3730a3; font-size: 12.5px; cursor: pointer; }
.show-full:hover { background: #e0e7ff; }
.panel section { margin-top: 16px; }
.panel h3 { margin: 0 0 6px; color: var(--muted); font-size: 11px; font-weight: 600; letter-spacing: .06em; text-transform: uppercase; }
.panel h3 .n { margin-left: 4px; color: #94a3b8; }
.kind { display: inline-block; padding: 0 7px; border: 1px solid; border-radius: 999px; font-size: 11px; font-weight: 600; }
.kind-component { color: #1e40af; background: #dbeafe; border-color: #bfdbfe; }
.kind-container { color: #166534; background: #dcfce7; border-color: #bbf7d0; }
.kind-alias { color: #854d0e; background: #fef9c3; border-color: #fde68a; }
.kind-leaf { color: #374151; background: #f3f4f6; border-color: #e5e7eb; }
.kind-registration { color: #86198f; background: #fae8ff; border-color: #f5d0fe; }
.kind-group { color: #3730a3; background: #e0e7ff; border-color: #c7d2fe; }
.panel .hint { color: var(--muted); font-size: 12.5px; }
.panel-findings { margin: 0; padding: 0; list-style: none; }
.panel-findings li { margin-bottom: 8px; padding: 8px 10px; border-left: 3px solid var(--warning); border-radius: 6px; background: #fff7ed; font-size: 13px; }
.panel-findings li.sev-error-item { border-left-color: var(--error); background: #fef2f2; }
.panel-findings li.sev-info-item { border-left-color: var(--info); background: #eff6ff; }
.panel-findings .rule { display: block; margin-bottom: 2px; font-family: var(--mono); font-size: 11.5px; color: #475569; }
.tree, .tree ul { margin: 0; padding: 0; list-style: none; }
.tree ul { margin-left: 9px; padding-left: 12px; border-left: 1px solid var(--line); }
.tree li { padding: 1px 0; }
.ref { padding: 1px 6px; border: 1px solid transparent; border-radius: 5px; background: none; color: var(--fg); font: 12.5px var(--mono); text-align: left; cursor: pointer; }
.ref:hover { border-color: var(--line); background: #f8fafc; }
.ref::before { content: ""; display: inline-block; width: 8px; height: 8px; margin-right: 6px; border: 1px solid #64748b; border-radius: 2px; vertical-align: 0; }
.ref.kind-component::before { background: #bfdbfe; }
.ref.kind-container::before { background: #bbf7d0; }
.ref.kind-alias::before { background: #fde68a; }
.ref.kind-leaf::before { background: #e5e7eb; border-radius: 50%; }
.flag > .ref { border-color: #fdba74; background: #fff7ed; color: #9a3412; }
.flag-error > .ref { border-color: #fca5a5; background: #fef2f2; color: #991b1b; }
.chips { display: flex; flex-wrap: wrap; gap: 4px; }
.chip { max-width: 100%; overflow-wrap: anywhere; padding: 1px 8px; border: 1px solid var(--line); border-radius: 999px; background: #f8fafc; font: 12px var(--mono); }
.chip.flag { border-color: #fdba74; background: #fff7ed; color: #9a3412; }
.links { margin: 0; padding: 0; list-style: none; }
.links .via { margin-left: 4px; color: var(--muted); font-size: 11.5px; }

.card-head { display: flex; flex-wrap: wrap; align-items: center; gap: 12px; padding: 12px 16px; border-bottom: 1px solid var(--line); }
.filters { display: flex; flex-wrap: wrap; align-items: center; gap: 10px; margin-left: auto; color: var(--muted); font-size: 12.5px; }
.filters select, .filters input { margin-left: 4px; padding: 4px 8px; border: 1px solid #d1d5db; border-radius: 6px; background: #fff; color: var(--fg); font: inherit; font-size: 13px; }
.filters input { width: 200px; }
.count { min-width: 52px; text-align: right; font-variant-numeric: tabular-nums; }
table { width: 100%; border-collapse: collapse; }
th { padding: 8px 12px; background: #f8fafc; color: var(--muted); font-size: 11px; font-weight: 600; letter-spacing: .05em; text-align: left; text-transform: uppercase; }
td { padding: 9px 12px; border-top: 1px solid var(--line); vertical-align: top; }
tr.finding { cursor: pointer; }
tr.finding:hover { background: #f8fafc; }
tr.finding:focus { outline: 2px solid #c4b5fd; outline-offset: -2px; }
tr.finding.selected { background: #f5f3ff; box-shadow: inset 3px 0 var(--accent); }
tr.empty td { padding: 18px 12px; color: var(--muted); text-align: center; }
.sev { display: inline-block; padding: 1px 8px; border: 1px solid; border-radius: 999px; font-size: 11.5px; font-weight: 600; }
.sev-error { color: var(--error); background: #fef2f2; border-color: #fecaca; }
.sev-warning { color: var(--warning); background: #fff7ed; border-color: #fed7aa; }
.sev-info { color: var(--info); background: #eff6ff; border-color: #bfdbfe; }
td .rule { white-space: nowrap; }
td.loc { font-family: var(--mono); font-size: 12px; overflow-wrap: anywhere; }
td.component, td.message { overflow-wrap: anywhere; }
/* Whatever still does not fit scrolls inside its card, never the page. */
.card { min-width: 0; overflow-x: auto; }
td.loc .dir { color: var(--muted); }
td.component { font-weight: 600; }
td.message { max-width: 620px; }
.problems ul { margin: 0; padding: 12px 16px 12px 32px; }
.problems li { margin: 4px 0; }
@media (max-width: 900px) { .workspace { grid-template-columns: 1fr; height: auto; } .graph { height: 60vh; } .panel { border-left: 0; border-top: 1px solid var(--line); } .fit-note { display: none; } }

"""#

    static let script = #"""

(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("cpdi-data").textContent);
  var graphBox = document.getElementById("cpdi-graph");
  var fitNote = document.getElementById("cpdi-fit-note");
  var panelEmpty = document.getElementById("cpdi-panel-empty");
  var panelBody = document.getElementById("cpdi-panel-body");
  var rows = Array.prototype.slice.call(document.querySelectorAll("#cpdi-findings tr[data-i]"));

  var nodes = {}, out = {}, inc = {}, findingsOf = {};
  data.nodes.forEach(function (n) { nodes[n.id] = n; out[n.id] = []; inc[n.id] = []; });
  data.edges.forEach(function (e) { if (out[e.from]) out[e.from].push(e); if (inc[e.to]) inc[e.to].push(e); });
  data.findings.forEach(function (f) { if (f.node) (findingsOf[f.node] = findingsOf[f.node] || []).push(f); });
  // A large app's first picture is its module map: each group node stands for the components listed here.
  var groups = {}, groupOf = {};
  (data.groups || []).forEach(function (g) { groups[g.id] = g; g.members.forEach(function (m) { groupOf[m] = g.id; }); });

  // ---- the pictures: the components view, and the whole graph when the page has it ----
  // Graphviz titles every node with its id and every edge with "from->to".
  function picture(el) {
    if (!el) return null;
    var p = { svg: el, nodeEls: {}, edgeEls: [], ranks: el.getAttribute("data-ranks") || "TB" };
    el.querySelectorAll("g.node").forEach(function (g) { var t = g.querySelector("title"); if (t) p.nodeEls[t.textContent] = g; });
    el.querySelectorAll("g.edge").forEach(function (g) { var t = g.querySelector("title"); if (t) p.edgeEls.push({ key: t.textContent, el: g }); });
    var vb = el.viewBox.baseVal;
    p.home = vb && vb.width ? { x: vb.x, y: vb.y, w: vb.width, h: vb.height } : null;
    p.view = p.home && copy(p.home);
    return p;
  }
  var pictures = { components: picture(document.getElementById("cpdi-svg")), full: picture(document.getElementById("cpdi-svg-full")) };
  var pic = pictures.components;
  var viewButtons = Array.prototype.slice.call(document.querySelectorAll(".views button"));

  // ---- pan and zoom: the viewBox is the camera ----
  // Node labels are 10 units high: at 0.95 px a unit they read at 9.5 px, the smallest the page shows on
  // its own. A small graph is not blown up beyond 1.5×.
  var READABLE = 0.95, LARGEST = 1.5;
  function copy(v) { return { x: v.x, y: v.y, w: v.w, h: v.h }; }
  function apply() { if (pic && pic.view) pic.svg.setAttribute("viewBox", [pic.view.x, pic.view.y, pic.view.w, pic.view.h].join(" ")); }
  function svgPoint(x, y) {
    var m = pic.svg.getScreenCTM(), p = pic.svg.createSVGPoint(); p.x = x; p.y = y;
    return m ? p.matrixTransform(m.inverse()) : p;
  }
  function scale() { var m = pic.svg.getScreenCTM(); return m ? m.a : 1; }
  function zoomAt(factor, px, py) {
    if (!pic || !pic.view) return;
    var v = pic.view, h = pic.home;
    // Out as far as the whole graph with room around it, in as far as a sixtieth of its width.
    var w = Math.min(Math.max(h.w, h.h * v.w / v.h) * 2, Math.max(h.w / 60, v.w / factor)), k = w / v.w;
    pic.view = { x: px - (px - v.x) * k, y: py - (py - v.y) * k, w: w, h: v.h * k };
    apply();
  }
  function zoomCentre(factor) { if (pic && pic.view) zoomAt(factor, pic.view.x + pic.view.w / 2, pic.view.y + pic.view.h / 2); }
  // A camera of the box's proportions at `s` px per unit, centred where the drawing fits; where it does
  // not, starting at its first rank (the top when ranks run down, the left when they run right).
  function frame(s, box) {
    var h = pic.home, v = { w: box.width / s, h: box.height / s };
    v.x = h.w > v.w && pic.ranks === "LR" ? h.x : h.x + (h.w - v.w) / 2;
    v.y = h.h > v.h && pic.ranks !== "LR" ? h.y : h.y + (h.h - v.h) / 2;
    return v;
  }
  // The first view: the whole graph when its labels stay readable; otherwise a deliberate part of it, as
  // large as fills the box in one direction (or at the readable size), to pan from.
  function fit() {
    if (!pic || !pic.home) return;
    var box = pic.svg.getBoundingClientRect();
    if (!box.width || !box.height) { pic.view = copy(pic.home); apply(); return; }
    var sx = box.width / pic.home.w, sy = box.height / pic.home.h, whole = Math.min(sx, sy);
    var part = whole < READABLE;
    pic.view = frame(part ? Math.max(READABLE, Math.min(Math.max(sx, sy), LARGEST)) : Math.min(whole, LARGEST), box);
    pic.svg.setAttribute("data-fit", part ? "part" : "whole");
    fitNote.hidden = !part;
    apply();
  }
  // All of it, however small its labels get.
  function fitAll() {
    if (!pic || !pic.home) return;
    var box = pic.svg.getBoundingClientRect();
    if (!box.width || !box.height) return;
    pic.view = frame(Math.min(box.width / pic.home.w, box.height / pic.home.h, LARGEST), box);
    fitNote.hidden = true;
    apply();
  }

  // Centre the node, zoomed so its direct neighbours fit, as far as labels stay readable.
  function centreOn(id) {
    var g = pic && pic.nodeEls[id], box = pic && pic.svg.getBoundingClientRect();
    if (!g || !pic.view || !box.width) return;
    var r = g.getBoundingClientRect(), c = svgPoint(r.left + r.width / 2, r.top + r.height / 2), dx = 0, dy = 0;
    out[id].concat(inc[id]).forEach(function (e) {
      var n = pic.nodeEls[e.from === id ? e.to : e.from]; if (!n) return;
      var b = n.getBoundingClientRect(), p = svgPoint(b.left, b.top), q = svgPoint(b.right, b.bottom);
      dx = Math.max(dx, Math.abs(p.x - c.x), Math.abs(q.x - c.x));
      dy = Math.max(dy, Math.abs(p.y - c.y), Math.abs(q.y - c.y));
    });
    var s = Math.min(box.width / (2 * dx + 60), box.height / (2 * dy + 60));
    s = Math.max(READABLE, Math.min(LARGEST, s));
    pic.view = { w: box.width / s, h: box.height / s, x: 0, y: 0 };
    pic.view.x = c.x - pic.view.w / 2; pic.view.y = c.y - pic.view.h / 2;
    fitNote.hidden = true;
    apply();
  }

  var drag = null;
  function listen(p) {
    if (!p) return;
    var el = p.svg;
    el.addEventListener("pointerdown", function (e) {
      if (e.button !== 0) return;
      drag = { x: e.clientX, y: e.clientY, view: pic.view && copy(pic.view), s: scale(), target: e.target, moved: false };
      try { el.setPointerCapture(e.pointerId); } catch (err) { /* a synthetic pointer cannot be captured; dragging still works inside */ }
    });
    el.addEventListener("pointermove", function (e) {
      if (!drag || !pic.view) return;
      var dx = e.clientX - drag.x, dy = e.clientY - drag.y;
      if (!drag.moved && Math.abs(dx) + Math.abs(dy) < 4) return;
      drag.moved = true; graphBox.classList.add("dragging");
      pic.view.x = drag.view.x - dx / drag.s; pic.view.y = drag.view.y - dy / drag.s; apply();
    });
    el.addEventListener("pointerup", function () {
      if (!drag) return;
      var d = drag; drag = null; graphBox.classList.remove("dragging");
      if (d.moved) return;
      var g = d.target.closest && d.target.closest("g.node"), id = g && g.querySelector("title").textContent;
      if (id && id !== selected) select(id); else clear();
    });
    el.addEventListener("pointercancel", function () { drag = null; graphBox.classList.remove("dragging"); });
    el.addEventListener("wheel", function (e) {
      e.preventDefault();
      var p = svgPoint(e.clientX, e.clientY);
      zoomAt(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0022)), p.x, p.y);
    }, { passive: false });
  }
  listen(pictures.components);
  listen(pictures.full);
  document.getElementById("cpdi-zoom-in").addEventListener("click", function () { zoomCentre(1.4); });
  document.getElementById("cpdi-zoom-out").addEventListener("click", function () { zoomCentre(1 / 1.4); });
  document.getElementById("cpdi-zoom-reset").addEventListener("click", fit);
  document.getElementById("cpdi-zoom-all").addEventListener("click", fitAll);

  // Components first; aliases and leaves on demand, with the selection kept.
  function show(name) {
    var next = pictures[name];
    if (!next || next === pic) return;
    // An <svg> has no `hidden` property of its own; the attribute and the page's [hidden] rule hide it.
    pic.svg.setAttribute("hidden", ""); pic = next; pic.svg.removeAttribute("hidden");
    graphBox.classList.toggle("full-view", name === "full");
    viewButtons.forEach(function (b) { b.setAttribute("aria-pressed", String(b.dataset.view === name)); });
    if (selected && pic.nodeEls[selected]) centreOn(selected); else fit();
    if (selected) render(selected);
  }
  viewButtons.forEach(function (b) { b.addEventListener("click", function () { show(b.dataset.view); }); });

  // ---- selection ----
  var selected = null;

  // The node, its whole composition (requires/composes, transitively), and its direct neighbours.
  function relatedTo(id) {
    var ns = {}, es = {};
    ns[id] = true;
    (function down(n) {
      out[n].forEach(function (e) {
        if (e.kind !== "requires" && e.kind !== "composes") return;
        es[e.from + "->" + e.to] = true;
        if (!ns[e.to]) { ns[e.to] = true; down(e.to); }
      });
    })(id);
    out[id].concat(inc[id]).forEach(function (e) { ns[e.from] = ns[e.to] = true; es[e.from + "->" + e.to] = true; });
    return { nodes: ns, edges: es };
  }

  // A drawn node and its neighbours in one picture, from the edges' "from->to" titles.
  function linked(p, id) {
    var ns = {}, es = {};
    ns[id] = true;
    p.edgeEls.forEach(function (x) {
      var ends = x.key.split("->");
      if (ends[0] === id || ends[1] === id) { ns[ends[0]] = ns[ends[1]] = true; es[x.key] = true; }
    });
    return { nodes: ns, edges: es };
  }

  // Marked in both pictures, so switching views keeps the selection. In a module map, what is marked
  // is the module drawn for the selection, with the modules it is linked to.
  function mark(id) {
    var rel = id && nodes[id] ? relatedTo(id) : null;
    [pictures.components, pictures.full].forEach(function (p) {
      if (!p) return;
      var here = !id ? null : p.nodeEls[id] ? id : groupOf[id] && p.nodeEls[groupOf[id]] ? groupOf[id] : null;
      var near = here && (here !== id || !rel) ? linked(p, here) : rel;
      p.svg.classList.toggle("has-selection", !!near);
      Object.keys(p.nodeEls).forEach(function (k) {
        p.nodeEls[k].classList.toggle("related", !!near && !!near.nodes[k]);
        p.nodeEls[k].classList.toggle("selected", k === here);
      });
      p.edgeEls.forEach(function (x) { x.el.classList.toggle("related", !!near && !!near.edges[x.key]); });
    });
  }

  function select(id) {
    if (!nodes[id] && !groups[id]) return;
    selected = id;
    mark(id);
    rows.forEach(function (r) {
      var n = data.findings[+r.dataset.i].node;
      r.classList.toggle("selected", n === id || !!n && groupOf[n] === id);
    });
    render(id);
    // The module map is the overview: selecting in it keeps the camera where it is.
    if (nodes[id]) centreOn(id);
    setHash("#select=" + encodeURIComponent(id));
  }

  function clear() {
    selected = null;
    mark(null);
    rows.forEach(function (r) { r.classList.remove("selected"); });
    panelBody.hidden = true; panelBody.textContent = ""; panelEmpty.hidden = false;
    setHash("");
  }

  function setHash(hash) {
    if (location.hash === hash || (!hash && !location.hash)) return;
    try { history.replaceState(null, "", hash || location.pathname + location.search); } catch (err) { /* opaque origins may refuse; the page works without it */ }
  }

  // ---- the panel, built with textContent only ----
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  // Messages quote names in backticks; show those as code, like the table does.
  function appendRich(parent, text) {
    var parts = text.split("`");
    if (parts.length % 2 === 0) { parent.appendChild(document.createTextNode(text)); return; }
    parts.forEach(function (part, i) { parent.appendChild(i % 2 ? el("code", null, part) : document.createTextNode(part)); });
  }
  function ref(id) {
    var n = nodes[id];
    if (!n) return el("span", "ref", id);
    var b = el("button", "ref kind-" + n.kind, n.name);
    b.type = "button";
    b.title = n.kind + (n.file ? " · " + n.file + ":" + n.line : "");
    b.addEventListener("click", function () { select(id); });
    return b;
  }
  function section(title, body, count) {
    var s = el("section"), h = el("h3", null, title);
    if (count !== undefined) h.appendChild(el("span", "n", String(count)));
    s.appendChild(h); s.appendChild(body);
    return s;
  }
  function list(edges, end, withVia) {
    var ul = el("ul", "links");
    edges.forEach(function (e) {
      var li = el("li"); li.appendChild(ref(e[end]));
      if (withVia && e.via) li.appendChild(el("span", "via", e.via));
      ul.appendChild(li);
    });
    return ul;
  }
  // alias → members → leaves; a member a finding is about is flagged in its severity.
  function treeItem(id, flagged, path) {
    var li = el("li"), n = nodes[id];
    li.appendChild(ref(id));
    if (n && flagged[n.name]) li.className = "flag flag-" + flagged[n.name];
    if (path[id]) return li;
    var kids = (out[id] || []).filter(function (e) { return e.kind === "composes"; });
    if (kids.length) {
      var next = Object.create(path); next[id] = true;
      var ul = el("ul");
      kids.forEach(function (e) { ul.appendChild(treeItem(e.to, flagged, next)); });
      li.appendChild(ul);
    }
    return li;
  }

  function render(id) { if (groups[id]) renderGroup(id); else renderPanel(id); }
  function panelHead(kindClass, kind, name) {
    var head = el("div", "panel-head");
    head.appendChild(el("span", "kind kind-" + kindClass, kind));
    head.appendChild(el("h2", null, name));
    var close = el("button", "close", "\u00d7");
    close.type = "button"; close.title = "Clear the selection (Esc)";
    close.addEventListener("click", clear);
    head.appendChild(close);
    return head;
  }
  // Each finding with its rule; `flagged` learns the members they are about, `withComponent` names the component.
  function findingList(fs, flagged, withComponent) {
    var ul = el("ul", "panel-findings");
    fs.forEach(function (f) {
      if (f.member) flagged[f.member] = f.severity;
      var li = el("li", "sev-" + f.severity + "-item");
      li.appendChild(el("span", "rule", f.severity + " · " + f.ruleID + (withComponent ? " · " + f.component : "")));
      appendRich(li, f.message);
      ul.appendChild(li);
    });
    return section("Findings", ul, fs.length);
  }
  function showBody() { panelEmpty.hidden = true; panelBody.hidden = false; panelBody.parentNode.scrollTop = 0; }

  // A module (or folder) of the map: its findings, what it holds, and how to draw it in full.
  function renderGroup(id) {
    var g = groups[id], body = panelBody, fs = [];
    body.textContent = "";
    body.appendChild(panelHead("group", g.kind, g.name));
    data.findings.forEach(function (f) { if (f.node && groupOf[f.node] === id) fs.push(f); });
    if (fs.length) body.appendChild(findingList(fs, {}, true));
    var ul = el("ul", "links");
    g.members.forEach(function (m) { var li = el("li"); li.appendChild(ref(m)); ul.appendChild(li); });
    body.appendChild(section("Holds", ul, g.members.length));
    var hint = el("p", "hint", "Drawn in full, with its neighbours, by ");
    hint.appendChild(el("code", null, g.kind === "module" ? "cpdi graph --focus " + g.name : "cpdi graph --include '" + g.name + "/*'"));
    body.appendChild(hint);
    showBody();
  }

  function renderPanel(id) {
    var n = nodes[id], body = panelBody, fs = findingsOf[id] || [], flagged = {};
    body.textContent = "";
    body.appendChild(panelHead(n.kind, n.kind, n.name));
    if (n.file) {
      var a = el("a", "loc"), slash = n.file.lastIndexOf("/");
      a.href = n.href;
      a.appendChild(el("span", "dir", n.file.slice(0, slash + 1)));
      a.appendChild(document.createTextNode(n.file.slice(slash + 1) + ":" + n.line));
      body.appendChild(a);
    }
    if (pictures.full && pic === pictures.components && pictures.full.nodeEls[id]) {
      var more = el("button", "show-full", "Show its aliases and leaves in the graph");
      more.type = "button";
      more.addEventListener("click", function () { show("full"); });
      body.appendChild(more);
    }

    if (fs.length) body.appendChild(findingList(fs, flagged, false));
    var parts = out[id].filter(function (e) { return e.kind === "requires" || e.kind === "composes"; });
    if (parts.length) {
      var tree = el("ul", "tree");
      parts.forEach(function (e) { tree.appendChild(treeItem(e.to, flagged, {})); });
      body.appendChild(section(n.kind === "alias" ? "Composes" : "Composition", tree));
    }
    if (n.leaves) {
      var chips = el("div", "chips");
      n.leaves.forEach(function (leaf) { chips.appendChild(el("span", flagged[leaf] ? "chip flag" : "chip", leaf)); });
      if (!n.leaves.length) chips.appendChild(el("span", "via", "none"));
      body.appendChild(section("Leaves it needs", chips, n.leaves.length));
    }
    var groups = [
      ["Forwards to", out[id], "forwardsTo", "to", true],
      ["Forwarded from", inc[id], "forwardsTo", "from", true],
      ["Provides", out[id], "provides", "to", false],
      ["Provided by", inc[id], "provides", "from", false],
      ["Part of", inc[id], "composes", "from", false],
      ["Required by", inc[id], "requires", "from", false]
    ];
    groups.forEach(function (g) {
      var edges = g[1].filter(function (e) { return e.kind === g[2]; });
      if (edges.length) body.appendChild(section(g[0], list(edges, g[3], g[4]), edges.length));
    });
    showBody();
  }

  // ---- findings table ----
  var fRule = document.getElementById("cpdi-filter-rule"), fSeverity = document.getElementById("cpdi-filter-severity");
  var fFile = document.getElementById("cpdi-filter-file"), count = document.getElementById("cpdi-count");
  var noMatch = document.getElementById("cpdi-no-match");
  function filter() {
    var rule = fRule.value, severity = fSeverity.value, file = fFile.value.trim().toLowerCase(), shown = 0;
    rows.forEach(function (row) {
      var f = data.findings[+row.dataset.i];
      var ok = (!rule || f.ruleID === rule) && (!severity || f.severity === severity) && (!file || f.file.toLowerCase().indexOf(file) >= 0);
      row.hidden = !ok;
      if (ok) shown++;
    });
    count.textContent = shown + " of " + rows.length;
    if (noMatch) noMatch.hidden = shown > 0;
  }
  [fRule, fSeverity].forEach(function (c) { c.addEventListener("change", filter); });
  fFile.addEventListener("input", filter);
  rows.forEach(function (row) {
    function choose(e) {
      if (e.target.closest("a")) return;
      var id = data.findings[+row.dataset.i].node;
      if (!id) return;
      if (id === selected) clear(); else select(id);
      document.getElementById("cpdi-workspace").scrollIntoView({ block: "nearest", behavior: "smooth" });
    }
    row.addEventListener("click", choose);
    row.addEventListener("keydown", function (e) { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); choose(e); } });
  });

  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape" && selected) clear();
  });

  // #select=<node id> selects on load, so a link can point at one component.
  function fromHash() {
    var m = /^#select=(.+)$/.exec(location.hash), id = null;
    if (m) { try { id = decodeURIComponent(m[1]); } catch (err) { id = null; } }
    if (id && id !== selected && (nodes[id] || groups[id])) select(id);
    else if (!m && selected) clear();
  }
  window.addEventListener("hashchange", fromHash);
  fit();
  filter();
  fromHash();
  document.body.dataset.ready = "yes";
})();

"""#
}
