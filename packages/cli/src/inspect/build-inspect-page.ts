import { createHash } from "node:crypto";
import { formatNumber } from "../output/format-number.js";
import { escapeHtml as h } from "./escape-html.js";
import { buildInspectPrefixSection } from "./build-inspect-prefix-section.js";
import { INSPECT_PAGE_SCRIPT, INSPECT_PAGE_STYLE } from "./inspect-page-assets.js";
import type {
  InspectBootstrapFile,
  InspectCacheDiff,
  InspectCodexLayer,
  InspectDiagnostic,
  InspectSection,
  InspectSkills,
  InspectView,
} from "./inspect-view.js";

/** Options of `buildInspectPage`. */
export interface InspectPageOptions {
  /**
   * Set when a server serves the page: the script then subscribes to `/events` and swaps in each
   * pushed render. `version` is the render the page holds, so a late subscriber gets newer ones.
   */
  readonly live?: { readonly version: number };
}

/** Height the map would take if every band were sized by tokens alone. */
const MAP_HEIGHT_PX = 640;
/** Bands never get smaller than one line of text (and a comfortable click target). */
const MIN_BAND_PX = 24;

const SCRIPT_HASH = createHash("sha256").update(INSPECT_PAGE_SCRIPT).digest("base64");
// Only the page's own script may run: even markup that slipped past escaping could not execute.
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  `script-src 'sha256-${SCRIPT_HASH}'`,
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

const n = formatNumber;

function sectionName(section: InspectSection): string {
  return section.heading === "" ? section.id : section.heading;
}

function percent(part: number, whole: number): string {
  if (whole === 0) return "0%";
  const value = (part / whole) * 100;
  return `${value < 10 ? value.toFixed(1) : value.toFixed(0)}%`;
}

function buildFailure(failure: InspectDiagnostic, hasRender: boolean): string {
  return `<div class="failure" role="alert" id="failure">
<h2>The last render failed</h2>
<p><code>${h(failure.code)}</code> ${h(failure.message)}</p>
${failure.path === undefined ? "" : `<p>Where: <code>${h(failure.path)}</code></p>`}
${failure.hint === undefined ? "" : `<p>Fix: ${h(failure.hint)}</p>`}
<p>${hasRender ? "Below is the last render that worked. The page updates when the inputs are fixed." : "No render has worked yet. The page updates when the inputs are fixed."}</p>
</div>`;
}

function buildSource(view: InspectView): string {
  if (view.source.length === 0) return "";
  const items = view.source
    .map((item) => `<div><dt>${h(item.label)}</dt><dd>${h(item.value)}</dd></div>`)
    .join("");
  return `<dl class="pairs source">${items}</dl>`;
}

function buildTotals(view: InspectView): string {
  const t = view.totals;
  const item = (key: string, label: string, value: number): string =>
    `<div><dt>${h(label)}</dt><dd data-total="${key}">${n(value)}</dd></div>`;
  return `<section aria-labelledby="totals-heading">
<h2 id="totals-heading">Totals</h2>
<dl class="totals">
${item("tokens", "Prompt tokens", t.tokens)}
${item("stable-tokens", "Stable prefix tokens", t.stableTokens)}
${item("volatile-tokens", "Volatile tokens", t.volatileTokens)}
${item("chars", "Prompt characters", t.chars)}
${item("sections", "Sections", view.sections.length)}
${item("tool-schema-tokens", "Tool schema tokens", t.toolSchemaTokens)}
</dl>
</section>`;
}

function buildBand(
  section: InspectSection,
  index: number,
  pxPerToken: number,
  diffSectionId: string | undefined,
): string {
  const height = Math.max(MIN_BAND_PX, Math.round(section.tokens * pxPerToken));
  const isDiff = section.id === diffSectionId;
  const label = `${sectionName(section)}, ${h(section.cache)}, ${n(section.tokens)} tokens${isDiff ? ", first difference" : ""}`;
  return `<button type="button" class="band band-${h(section.cache)}${isDiff ? " band-diff" : ""}" data-band="${index}" data-section-id="${h(section.id)}" data-cache="${h(section.cache)}" data-tokens="${section.tokens}" aria-controls="section-text-${index}" aria-pressed="false" aria-label="${h(label)}" style="height: ${height}px"><span class="band-name">${h(sectionName(section))}${isDiff ? " · first difference" : ""}</span><span class="band-tokens">${n(section.tokens)}</span></button>`;
}

function buildMap(view: InspectView): string {
  const total = view.sections.reduce((sum, section) => sum + section.tokens, 0);
  const pxPerToken = total === 0 ? 0 : MAP_HEIGHT_PX / total;
  const diffSectionId = view.cacheDiff?.firstDifference?.sectionId;
  const indexed = view.sections.map((section, index) => ({ section, index }));
  const group = (cache: "stable" | "volatile"): string =>
    indexed
      .filter(({ section }) => section.cache === cache)
      .map(({ section, index }) => buildBand(section, index, pxPerToken, diffSectionId))
      .join("\n");
  const stable = group("stable");
  const volatile = group("volatile");
  const boundary =
    view.boundary === null
      ? `<p class="muted" id="no-boundary">No cache boundary: the whole prompt is one prefix.</p>`
      : `<div class="boundary" id="cache-boundary" role="separator" aria-label="Cache boundary at character ${view.boundary.offset}">cache boundary</div>`;
  const panels = view.sections
    .map(
      (
        section,
        index,
      ) => `<article class="section-text" id="section-text-${index}" hidden aria-labelledby="section-text-${index}-heading">
<h3 id="section-text-${index}-heading">${h(sectionName(section))}</h3>
<p class="muted"><code>${h(section.id)}</code> · ${h(section.cache)} · ${n(section.chars)} chars · ${n(section.tokens)} tokens</p>
<pre>${h(section.text)}</pre>
</article>`,
    )
    .join("\n");
  return `<section aria-labelledby="map-heading">
<h2 id="map-heading">Prompt map</h2>
<p class="muted">Sections in prompt order, sized by tokens: the stable prefix above the cache boundary, the volatile suffix below. Click a band, or press Enter or Space on it, to read its text; arrow keys move between bands.</p>
<div class="map-layout">
<nav class="map" id="map" aria-label="Prompt sections">
<p class="map-group-label">Stable prefix · ${n(view.totals.stableTokens)} tokens</p>
${stable}
${boundary}
${volatile === "" ? "" : `<p class="map-group-label">Volatile suffix · ${n(view.totals.volatileTokens)} tokens</p>\n${volatile}`}
</nav>
<div class="reader" id="reader" aria-live="polite">
<p class="muted" id="reader-empty">Select a band to read that section.</p>
${panels}
</div>
</div>
</section>`;
}

function buildSectionsTable(view: InspectView): string {
  const rows = view.sections
    .map(
      (section, index) =>
        `<tr><td class="num">${index + 1}</td><td>${h(sectionName(section))}</td><td><code>${h(section.id)}</code></td><td>${h(section.cache)}</td><td class="num">${n(section.chars)}</td><td class="num">${n(section.tokens)}</td><td class="num">${percent(section.tokens, view.totals.tokens)}</td></tr>`,
    )
    .join("\n");
  return `<section aria-labelledby="sections-heading">
<h2 id="sections-heading">Sections</h2>
<div class="table-wrap"><table id="sections-table">
<caption>${view.sections.length} sections in prompt order</caption>
<thead><tr><th scope="col" class="num">#</th><th scope="col">Section</th><th scope="col">Id</th><th scope="col">Cache</th><th scope="col" class="num">Chars</th><th scope="col" class="num">Tokens</th><th scope="col" class="num">Share</th></tr></thead>
<tbody>
${rows}
</tbody>
</table></div>
</section>`;
}

function buildFileNote(file: InspectBootstrapFile): string {
  const notes = [
    ...(file.reason === undefined ? [] : [h(file.reason)]),
    ...(file.limitedBy === null ? [] : [`cut by the ${h(file.limitedBy)} budget`]),
    ...file.diagnostics.map(
      (diagnostic) =>
        `<span class="sev-${h(diagnostic.severity)}">${h(diagnostic.code)}</span>: ${h(diagnostic.message)}`,
    ),
  ];
  return notes.join("<br>");
}

function buildTruncation(file: InspectBootstrapFile): string {
  const cut = file.truncation;
  if (cut === undefined) return "";
  return `<details open class="truncation">
<summary>${h(file.name)}: kept ${n(cut.head.length)} chars of head and ${n(cut.tail.length)} of tail; ${n(cut.omittedChars)} chars left out</summary>
<h3>Kept head</h3>
<pre>${h(cut.head)}</pre>
<p class="marker">In place of the rest the prompt says: <code>${h(cut.marker.trim())}</code></p>
<h3>Kept tail</h3>
<pre>${h(cut.tail)}</pre>
</details>`;
}

function buildBootstrap(files: readonly InspectBootstrapFile[]): string {
  if (files.length === 0) {
    return `<section aria-labelledby="bootstrap-heading"><h2 id="bootstrap-heading">Bootstrap files</h2><p>No bootstrap files.</p></section>`;
  }
  const rows = files
    .map(
      (file) =>
        `<tr data-status="${h(file.status)}"><td>${h(file.name)}</td><td class="path"><code>${h(file.path)}</code></td><td><span class="tag">${h(file.status)}</span></td><td class="num">${n(file.rawChars)}</td><td class="num">${file.rawTokens === null ? "–" : n(file.rawTokens)}</td><td class="num">${n(file.injectedChars)}</td><td class="num">${n(file.injectedTokens)}</td><td>${buildFileNote(file)}</td></tr>`,
    )
    .join("\n");
  return `<section aria-labelledby="bootstrap-heading">
<h2 id="bootstrap-heading">Bootstrap files</h2>
<div class="table-wrap"><table id="bootstrap-table">
<caption>Workspace files injected into Project Context: raw size on disk against what the prompt holds</caption>
<thead><tr><th scope="col">File</th><th scope="col">Path</th><th scope="col">Status</th><th scope="col" class="num">Raw chars</th><th scope="col" class="num">Raw tokens</th><th scope="col" class="num">Injected chars</th><th scope="col" class="num">Injected tokens</th><th scope="col">Notes</th></tr></thead>
<tbody>
${rows}
</tbody>
</table></div>
${files.map(buildTruncation).join("\n")}
</section>`;
}

function buildSkills(skills: InspectSkills): string {
  const rows = skills.entries
    .map(
      (skill) =>
        `<tr data-status="${h(skill.status)}"><td>${h(skill.name)}</td><td>${h(skill.tier)}</td><td><span class="tag">${h(skill.status)}</span></td><td>${skill.reason === undefined ? (skill.status === "omitted" ? "left out by the list budget" : "") : h(skill.reason)}</td><td class="num">${n(skill.chars)}</td><td class="num">${n(skill.tokens)}</td><td class="path"><code>${h(skill.path)}</code></td></tr>`,
    )
    .join("\n");
  return `<section aria-labelledby="skills-heading">
<h2 id="skills-heading">Skills</h2>
<p>${n(skills.discovered)} discovered, ${n(skills.eligible)} eligible, ${n(skills.included)} listed (${n(skills.chars)} chars, ${n(skills.tokens)} tokens). Degradation step of the list: <strong id="skills-format">${h(skills.format)}</strong>.</p>
${
  skills.entries.length === 0
    ? "<p>No skills found.</p>"
    : `<div class="table-wrap"><table id="skills-table">
<caption>Every discovered skill: listed, omitted by the budget, or excluded with the reason</caption>
<thead><tr><th scope="col">Skill</th><th scope="col">Tier</th><th scope="col">Status</th><th scope="col">Reason</th><th scope="col" class="num">Chars</th><th scope="col" class="num">Tokens</th><th scope="col">Path</th></tr></thead>
<tbody>
${rows}
</tbody>
</table></div>`
}
</section>`;
}

function buildDiagnostics(diagnostics: readonly InspectDiagnostic[]): string {
  const rows = diagnostics
    .map(
      (diagnostic) =>
        `<tr><td class="sev-${h(diagnostic.severity)}">${h(diagnostic.severity)}</td><td><code>${h(diagnostic.code)}</code></td><td>${h(diagnostic.message)}</td><td class="path">${diagnostic.path === undefined ? "" : `<code>${h(diagnostic.path)}</code>`}</td><td>${diagnostic.hint === undefined ? "" : h(diagnostic.hint)}</td></tr>`,
    )
    .join("\n");
  return `<section aria-labelledby="diagnostics-heading">
<h2 id="diagnostics-heading">Diagnostics</h2>
${
  diagnostics.length === 0
    ? "<p>No diagnostics.</p>"
    : `<div class="table-wrap"><table id="diagnostics-table">
<caption>${diagnostics.length} reported by the render</caption>
<thead><tr><th scope="col">Severity</th><th scope="col">Code</th><th scope="col">Message</th><th scope="col">Path</th><th scope="col">Hint</th></tr></thead>
<tbody>
${rows}
</tbody>
</table></div>`
}
</section>`;
}

function buildCodexLayers(layers: readonly InspectCodexLayer[]): string {
  const rows = layers
    .map(
      (layer, index) =>
        `<tr><td class="num">${index + 1}</td><td>${h(layer.role)}</td><td>${h(layer.source)}</td><td class="num">${n(layer.chars)}</td><td class="num">${n(layer.tokens)}</td></tr>`,
    )
    .join("\n");
  const texts = layers
    .map(
      (layer, index) =>
        `<details><summary>Layer ${index + 1}: ${h(layer.role)} · ${h(layer.source)}</summary><pre>${h(layer.text)}</pre></details>`,
    )
    .join("\n");
  return `<section aria-labelledby="codex-heading">
<h2 id="codex-heading">Codex layer stack</h2>
<div class="table-wrap"><table id="codex-layers-table">
<caption>Model-bound layers in the order the model reads them</caption>
<thead><tr><th scope="col" class="num">#</th><th scope="col">Role</th><th scope="col">Source</th><th scope="col" class="num">Chars</th><th scope="col" class="num">Tokens</th></tr></thead>
<tbody>
${rows}
</tbody>
</table></div>
${texts}
</section>`;
}

function buildDiffText(diff: string): string {
  return diff
    .split("\n")
    .map((line) => {
      const escaped = h(line);
      if (line.startsWith("+") && !line.startsWith("+++"))
        return `<span class="diff-add">${escaped}</span>`;
      if (line.startsWith("-") && !line.startsWith("---"))
        return `<span class="diff-del">${escaped}</span>`;
      return escaped;
    })
    .join("\n");
}

function buildCacheDiff(diff: InspectCacheDiff): string {
  const first = diff.firstDifference;
  const outcome =
    diff.outcome === "identical"
      ? `<p id="cache-outcome" data-outcome="identical">The stable prefixes are byte-identical: the later turn reuses the whole cached prefix (${n(diff.reusablePrefixTokens)} tokens).</p>`
      : `<p id="cache-outcome" data-outcome="differs">The stable prefixes differ: a cache can reuse <strong id="reusable-prefix-tokens" data-tokens="${diff.reusablePrefixTokens}">${n(diff.reusablePrefixTokens)} tokens</strong> (${n(diff.reusablePrefixChars)} chars) of ${n(diff.beforeStableTokens)} before and ${n(diff.afterStableTokens)} after.</p>`;
  const firstText =
    first === undefined
      ? ""
      : `<p id="first-difference" data-section-id="${h(first.sectionId)}">First differing section: <strong>${h(first.heading === "" ? first.sectionId : first.heading)}</strong> (<code>${h(first.sectionId)}</code>, stable section ${first.position}, ${h(first.change)}). Its band in the map is outlined.</p>
<pre class="diff">${buildDiffText(first.diff)}</pre>`;
  const volatile =
    diff.volatileChanges.length === 0
      ? "<p>No volatile section changed.</p>"
      : `<p>Volatile sections that changed (they never affect the cached prefix): ${diff.volatileChanges.map((id) => `<code>${h(id)}</code>`).join(", ")}.</p>`;
  return `<section aria-labelledby="cache-diff-heading" id="cache-diff">
<h2 id="cache-diff-heading">Cache diff: ${h(diff.beforeLabel)} → ${h(diff.afterLabel)}</h2>
${outcome}
${firstText}
${volatile}
</section>`;
}

/**
 * The page body that changes from render to render (everything inside `<main>`). A served page
 * swaps this in when the server pushes a new render.
 */
export function buildInspectMain(view: InspectView): string {
  return [
    view.failure === undefined ? "" : buildFailure(view.failure, view.sections.length > 0),
    buildSource(view),
    buildTotals(view),
    view.cacheDiff === undefined ? "" : buildCacheDiff(view.cacheDiff),
    view.prefix === undefined ? "" : buildInspectPrefixSection(view.prefix),
    buildMap(view),
    buildSectionsTable(view),
    buildBootstrap(view.bootstrap),
    buildSkills(view.skills),
    buildDiagnostics(view.diagnostics),
    view.codexLayers === undefined ? "" : buildCodexLayers(view.codexLayers),
  ]
    .filter((part) => part !== "")
    .join("\n");
}

/**
 * Lays an `InspectView` out as one self-contained HTML page: inline style and script, no network
 * (a Content-Security-Policy allows only the page's own script), works from `file://`. Every
 * text from the view is HTML-escaped.
 */
export function buildInspectPage(view: InspectView, options: InspectPageOptions = {}): string {
  const live = options.live;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">
<meta name="color-scheme" content="light dark">
<meta name="generator" content="promptstack inspect">
<title>${h(`promptstack inspect · ${view.title}`)}</title>
<style>${INSPECT_PAGE_STYLE}</style>
</head>
<body data-live="${live === undefined ? "0" : "1"}" data-version="${live?.version ?? 0}">
<a class="skip" href="#map">Skip to the prompt map</a>
<header>
<h1>Prompt: ${h(view.title)}</h1>
<p class="status" id="live-status" role="status">${live === undefined ? "" : "Connecting for live updates."}</p>
</header>
<main id="app">
${buildInspectMain(view)}
</main>
<script>${INSPECT_PAGE_SCRIPT}</script>
</body>
</html>
`;
}
