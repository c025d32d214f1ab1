import { formatNumber } from "../output/format-number.js";
import { escapeHtml as h } from "./escape-html.js";
import type { InspectPrefix } from "./inspect-view.js";

function describePin(prefix: InspectPrefix): string {
  const at =
    prefix.pinnedAt === null
      ? ""
      : ` at ${prefix.pinnedAt.slice(0, 16).replace("T", " ")} (facts time)`;
  return `pinned${at}; last refresh: ${prefix.lastRefresh.reason}, render ${prefix.lastRefresh.render} of ${prefix.renders}`;
}

function describeChange(change: InspectPrefix["pendingChanges"][number]): string {
  const size =
    change.kind === "config" || change.change === "removed"
      ? ""
      : `, ${formatNumber(change.chars)} chars`;
  return `${change.kind} ${change.name} ${change.change}${size}`;
}

/** The one-line summary `inspect --prefix-policy session` prints next to "Wrote ...". */
export function formatInspectPrefix(prefix: InspectPrefix): string {
  const pending =
    prefix.pendingChanges.length === 0
      ? "no pending change notes"
      : `${prefix.pendingChanges.length} pending change(s): ${prefix.pendingChanges.map(describeChange).join("; ")}`;
  return `Prefix policy session: ${describePin(prefix)}; ${pending}.`;
}

/** The page's "Session prefix" section: the pin, its last refresh, the pending change note. */
export function buildInspectPrefixSection(prefix: InspectPrefix): string {
  const changes =
    prefix.pendingChanges.length === 0
      ? `<p id="prefix-pending" data-pending="0">No pending change notes: the stable prefix shows the workspace as it is.</p>`
      : `<p id="prefix-pending" data-pending="${prefix.pendingChanges.length}">Changed since the pin (the system prompt still shows the pinned copies):</p>
<ul>${prefix.pendingChanges.map((change) => `<li>${h(describeChange(change))}</li>`).join("")}</ul>`;
  const note =
    prefix.note === ""
      ? ""
      : `<p>The change note, as the model receives it below the cache boundary:</p>
<pre id="prefix-note">${h(prefix.note)}</pre>`;
  return `<section aria-labelledby="prefix-heading" id="prefix">
<h2 id="prefix-heading">Session prefix</h2>
<p id="prefix-state" data-reason="${h(prefix.lastRefresh.reason)}">Prefix ${h(describePin(prefix))}.</p>
${changes}
${note}
</section>`;
}
