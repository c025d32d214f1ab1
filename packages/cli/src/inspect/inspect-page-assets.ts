/**
 * The inspect page's inline style sheet. Colours are chosen for at least 4.5:1 contrast of text
 * on its background in both schemes; `prefers-color-scheme` picks the scheme.
 */
export const INSPECT_PAGE_STYLE = `
:root {
  color-scheme: light dark;
  --bg: #ffffff; --fg: #1b1f24; --muted: #57606a; --line: #d0d7de; --panel: #f6f8fa;
  --stable-bg: #dbe9ff; --stable-edge: #2f6fd0; --stable-fg: #0b2a57;
  --volatile-bg: #ffe8c2; --volatile-edge: #b35c00; --volatile-fg: #4a2500;
  --boundary: #c2185b; --focus: #6f42c1; --pressed: #1b1f24;
  --error-bg: #ffebe9; --error-fg: #82071e; --warning-fg: #7d4e00; --info-fg: #0a4fa3;
  --add: #1a7f37; --del: #b42318;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0f1419; --fg: #e6edf3; --muted: #9da7b3; --line: #30363d; --panel: #161b22;
    --stable-bg: #16345f; --stable-edge: #6ea8fe; --stable-fg: #dbe9ff;
    --volatile-bg: #4d2c00; --volatile-edge: #f0a040; --volatile-fg: #ffe3b3;
    --boundary: #ff6fa5; --focus: #d2a8ff; --pressed: #e6edf3;
    --error-bg: #3d0f14; --error-fg: #ffb3b8; --warning-fg: #f2cc60; --info-fg: #9ecbff;
    --add: #7ee2a8; --del: #ffa198;
  }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg);
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
header, main { max-width: 1200px; margin: 0 auto; padding: 0 20px; }
header { padding-top: 16px; }
h1 { font-size: 1.5rem; margin: 0 0 4px; }
h2 { font-size: 1.2rem; margin: 28px 0 8px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
h3 { font-size: 1rem; margin: 12px 0 6px; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 13px; }
pre { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 10px;
  white-space: pre-wrap; overflow-wrap: anywhere; max-height: 32rem; overflow: auto; margin: 6px 0; }
.skip { position: absolute; left: -9999px; }
.skip:focus { left: 8px; top: 8px; background: var(--bg); padding: 4px 8px; z-index: 2; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.status { color: var(--muted); margin: 0; min-height: 1.5em; }
.muted { color: var(--muted); }
dl.pairs { display: flex; flex-wrap: wrap; gap: 4px 24px; margin: 4px 0; }
dl.pairs div { display: flex; gap: 6px; }
dl.pairs dt { color: var(--muted); }
dl.pairs dd { margin: 0; overflow-wrap: anywhere; }
dl.totals { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 8px; margin: 0; }
dl.totals div { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px; }
dl.totals dt { color: var(--muted); font-size: 0.85rem; }
dl.totals dd { margin: 0; font-size: 1.3rem; font-variant-numeric: tabular-nums; }
.map-layout { display: grid; grid-template-columns: minmax(220px, 320px) 1fr; gap: 20px; align-items: start; }
@media (max-width: 760px) { .map-layout { grid-template-columns: 1fr; } }
.map { display: flex; flex-direction: column; gap: 2px; }
.map-group-label { font-size: 0.85rem; color: var(--muted); margin: 4px 0 2px; font-weight: 600; }
.band { display: flex; justify-content: space-between; align-items: flex-start; gap: 8px; width: 100%;
  min-height: 24px; padding: 2px 8px; border-radius: 3px; border: 1px solid; border-left-width: 6px;
  font: inherit; font-size: 12.5px; line-height: 18px; text-align: left; cursor: pointer; overflow: hidden; }
.band-stable { background: var(--stable-bg); border-color: var(--stable-edge); color: var(--stable-fg); }
.band-volatile { background: var(--volatile-bg); border-color: var(--volatile-edge); color: var(--volatile-fg); }
.band[aria-pressed="true"] { box-shadow: inset 0 0 0 2px var(--pressed); font-weight: 600; }
.band-diff { outline: 3px dashed var(--boundary); outline-offset: -3px; }
.band-name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.band-tokens { font-variant-numeric: tabular-nums; white-space: nowrap; }
.boundary { display: flex; align-items: center; gap: 8px; color: var(--boundary); font-size: 12.5px;
  font-weight: 600; margin: 6px 0; }
.boundary::before, .boundary::after { content: ""; flex: 1; border-top: 3px dashed var(--boundary); }
.reader { position: sticky; top: 8px; min-width: 0; }
.reader pre { max-height: calc(100vh - 140px); }
table { border-collapse: collapse; width: 100%; margin: 6px 0 12px; font-size: 14px; }
caption { text-align: left; color: var(--muted); padding: 4px 0; caption-side: top; }
th, td { border-bottom: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: var(--panel); font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.path { overflow-wrap: anywhere; }
.table-wrap { overflow-x: auto; }
.sev-error { color: var(--error-fg); font-weight: 600; }
.sev-warning { color: var(--warning-fg); font-weight: 600; }
.sev-info { color: var(--info-fg); }
.tag { display: inline-block; padding: 0 6px; border-radius: 10px; border: 1px solid var(--line); font-size: 12.5px; }
.failure { background: var(--error-bg); color: var(--error-fg); border: 2px solid var(--error-fg);
  border-radius: 6px; padding: 8px 14px; margin-top: 16px; }
.failure h2 { border: 0; margin: 4px 0; }
.diff-add { color: var(--add); }
.diff-del { color: var(--del); }
.marker { color: var(--muted); font-style: italic; }
details { margin: 6px 0; }
summary { cursor: pointer; }
`;

/**
 * The inspect page's inline script: band selection (click, Enter, Space), arrow-key movement
 * between bands, and, on a served page (`data-live="1"`), live updates over server-sent events.
 * The server pushes `render` events carrying the new `<main>` markup, which the builder escaped.
 */
export const INSPECT_PAGE_SCRIPT = `
(function () {
  "use strict";
  var app = document.getElementById("app");
  var selected = null;
  function bands() { return Array.prototype.slice.call(document.querySelectorAll("[data-band]")); }
  function bandOf(target) {
    return target && target.closest ? target.closest("[data-band]") : null;
  }
  function select(band) {
    var panelId = band.getAttribute("aria-controls");
    bands().forEach(function (other) {
      other.setAttribute("aria-pressed", other === band ? "true" : "false");
    });
    Array.prototype.forEach.call(document.querySelectorAll(".section-text"), function (panel) {
      panel.hidden = panel.id !== panelId;
    });
    var empty = document.getElementById("reader-empty");
    if (empty) empty.hidden = true;
    selected = band.getAttribute("data-section-id");
  }
  document.addEventListener("click", function (event) {
    var band = bandOf(event.target);
    if (band) select(band);
  });
  document.addEventListener("keydown", function (event) {
    var band = bandOf(event.target);
    if (!band) return;
    var all = bands();
    var index = all.indexOf(band);
    var next = -1;
    if (event.key === "ArrowDown" || event.key === "ArrowRight") next = Math.min(all.length - 1, index + 1);
    else if (event.key === "ArrowUp" || event.key === "ArrowLeft") next = Math.max(0, index - 1);
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = all.length - 1;
    if (next < 0) return;
    event.preventDefault();
    all[next].focus();
  });
  function findBand(sectionId) {
    var all = bands();
    for (var i = 0; i < all.length; i += 1) {
      if (all[i].getAttribute("data-section-id") === sectionId) return all[i];
    }
    return null;
  }
  if (document.body.getAttribute("data-live") !== "1" || typeof EventSource !== "function") return;
  var status = document.getElementById("live-status");
  var events = new EventSource("/events?version=" + encodeURIComponent(document.body.getAttribute("data-version") || "0"));
  events.addEventListener("open", function () { status.textContent = "Live: re-renders when the inputs change."; });
  events.addEventListener("error", function () { status.textContent = "Disconnected from the server; retrying."; });
  events.addEventListener("render", function (event) {
    var update = JSON.parse(event.data);
    var focused = bandOf(document.activeElement);
    var focusedId = focused ? focused.getAttribute("data-section-id") : null;
    app.innerHTML = update.html;
    document.body.setAttribute("data-version", String(update.version));
    if (selected !== null) {
      var band = findBand(selected);
      if (band) select(band);
    }
    if (focusedId !== null) {
      var again = findBand(focusedId);
      if (again) again.focus();
    }
    status.textContent = "Updated at " + new Date().toLocaleTimeString() + (update.failed ? ": the render failed, see above." : ".");
  });
})();
`;
