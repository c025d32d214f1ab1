import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildInspectMain, buildInspectPage } from "./build-inspect-page.js";
import type { InspectSection, InspectView } from "./inspect-view.js";

const HOSTILE = `</pre></article><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"><a href='javascript:alert(1)'>x</a>&amp;`;

function section(
  id: string,
  cache: "stable" | "volatile",
  tokens: number,
  text = `text of ${id}`,
): InspectSection {
  return { id, heading: id.toUpperCase(), text, cache, chars: text.length, tokens };
}

function createView(overrides: Partial<InspectView> = {}): InspectView {
  const sections = [
    section("identity", "stable", 10),
    section("tooling", "stable", 400),
    section("time_context", "volatile", 30),
    section("runtime", "volatile", 60),
  ];
  return {
    title: "demo",
    source: [{ label: "Workspace", value: "demo" }],
    sections,
    boundary: { offset: 1234 },
    totals: {
      chars: 2000,
      tokens: 500,
      stableChars: 1500,
      stableTokens: 410,
      volatileChars: 500,
      volatileTokens: 90,
      toolSchemaTokens: 0,
    },
    bootstrap: [],
    skills: {
      format: "full",
      discovered: 0,
      eligible: 0,
      included: 0,
      chars: 0,
      tokens: 0,
      entries: [],
    },
    diagnostics: [],
    ...overrides,
  };
}

function scriptBodies(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? "");
}

describe("buildInspectPage", () => {
  it("escapes every piece of input text: only the page's own script and no injected element", () => {
    const view = createView({
      title: HOSTILE,
      source: [{ label: HOSTILE, value: HOSTILE }],
      sections: [
        { ...section(HOSTILE, "stable", 5, HOSTILE), heading: HOSTILE },
        section("runtime", "volatile", 5, HOSTILE),
      ],
      bootstrap: [
        {
          name: HOSTILE,
          path: HOSTILE,
          status: "truncated",
          rawChars: 10,
          rawTokens: 3,
          injectedChars: 5,
          injectedTokens: 2,
          limitedBy: "per-file",
          reason: HOSTILE,
          truncation: { head: HOSTILE, tail: HOSTILE, omittedChars: 1, marker: HOSTILE },
          diagnostics: [{ code: HOSTILE, severity: "warning", message: HOSTILE, path: HOSTILE }],
        },
      ],
      skills: {
        format: HOSTILE,
        discovered: 1,
        eligible: 0,
        included: 0,
        chars: 0,
        tokens: 0,
        entries: [
          {
            name: HOSTILE,
            tier: HOSTILE,
            status: "excluded",
            reason: HOSTILE,
            chars: 0,
            tokens: 0,
            path: HOSTILE,
          },
        ],
      },
      diagnostics: [
        { code: HOSTILE, severity: "error", message: HOSTILE, path: HOSTILE, hint: HOSTILE },
      ],
      codexLayers: [{ role: "system", source: HOSTILE, text: HOSTILE, chars: 1, tokens: 1 }],
      cacheDiff: {
        beforeLabel: HOSTILE,
        afterLabel: HOSTILE,
        outcome: "differs",
        beforeStableTokens: 1,
        afterStableTokens: 1,
        reusablePrefixTokens: 0,
        reusablePrefixChars: 0,
        firstDifference: {
          sectionId: HOSTILE,
          heading: HOSTILE,
          position: 1,
          change: "changed",
          diff: `+${HOSTILE}\n-${HOSTILE}`,
        },
        volatileChanges: [HOSTILE],
      },
      failure: { code: HOSTILE, severity: "error", message: HOSTILE, path: HOSTILE, hint: HOSTILE },
    });
    const html = buildInspectPage(view);
    expect(scriptBodies(html)).toHaveLength(1);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toMatch(/<img|<a href='|onerror="|<\/pre><\/article><script/);
    expect(html).toContain("&lt;script&gt;window.__pwned=1&lt;/script&gt;");
    expect(html).toContain("&amp;amp;");
  });

  it("allows exactly its own script through the Content-Security-Policy hash", () => {
    const html = buildInspectPage(createView());
    const [body] = scriptBodies(html);
    const hash = createHash("sha256")
      .update(body ?? "")
      .digest("base64");
    expect(html).toContain(`script-src 'sha256-${hash}'`);
    expect(html).toContain("default-src 'none'");
  });

  it("loads nothing from the network: no src, no external href, no url()", () => {
    const html = buildInspectPage(createView());
    expect(html).not.toMatch(/\bsrc=/);
    expect(html).not.toMatch(/href="(?!#)/);
    expect(html).not.toMatch(/url\(|@import|https?:\/\//);
  });

  it("draws one band per section, stable ones above the boundary and volatile ones below", () => {
    const html = buildInspectMain(createView());
    const bands = [...html.matchAll(/data-section-id="([^"]*)" data-cache="([a-z]+)"/g)].map(
      (match) => `${match[1]}:${match[2]}`,
    );
    expect(bands).toEqual([
      "identity:stable",
      "tooling:stable",
      "time_context:volatile",
      "runtime:volatile",
    ]);
    const boundary = html.indexOf('id="cache-boundary"');
    expect(boundary).toBeGreaterThan(html.indexOf('data-section-id="tooling"'));
    expect(boundary).toBeLessThan(html.indexOf('data-section-id="time_context"'));
  });

  it("sizes bands by tokens, never below one line", () => {
    const html = buildInspectMain(createView());
    const heights = [...html.matchAll(/style="height: (\d+)px"/g)].map((match) => Number(match[1]));
    // 640 px over 500 tokens: 10 → 13 (raised to 24), 400 → 512, 30 → 38, 60 → 77.
    expect(heights).toEqual([24, 512, 38, 77]);
  });

  it("says so when there is no boundary", () => {
    const html = buildInspectMain(createView({ boundary: null }));
    expect(html).not.toContain('id="cache-boundary"');
    expect(html).toContain('id="no-boundary"');
  });

  it("outlines the first differing section's band and names it in the diff view", () => {
    const html = buildInspectMain(
      createView({
        cacheDiff: {
          beforeLabel: "a.json",
          afterLabel: "b.json",
          outcome: "differs",
          beforeStableTokens: 410,
          afterStableTokens: 415,
          reusablePrefixTokens: 10,
          reusablePrefixChars: 40,
          firstDifference: {
            sectionId: "tooling",
            heading: "TOOLING",
            position: 2,
            change: "changed",
            diff: "--- a.json § tooling\n+++ b.json § tooling\n@@ -1,2 +1,2 @@\n same\n-old\n+new",
          },
          volatileChanges: ["time_context"],
        },
      }),
    );
    expect(html).toMatch(
      /class="band band-stable band-diff" data-band="1" data-section-id="tooling"/,
    );
    expect(html.match(/band-diff/g)).toHaveLength(1);
    expect(html).toContain('id="first-difference" data-section-id="tooling"');
    // Only changed lines are marked; the file names, hunk header and context stay plain.
    expect(html).toContain(
      '--- a.json § tooling\n+++ b.json § tooling\n@@ -1,2 +1,2 @@\n same\n<span class="diff-del">-old</span>\n<span class="diff-add">+new</span>',
    );
    expect(html).toContain('data-tokens="10"');
  });

  it("names a first differing section without a heading by its id", () => {
    const html = buildInspectMain(
      createView({
        cacheDiff: {
          beforeLabel: "a.json",
          afterLabel: "b.json",
          outcome: "differs",
          beforeStableTokens: 10,
          afterStableTokens: 10,
          reusablePrefixTokens: 0,
          reusablePrefixChars: 0,
          firstDifference: {
            sectionId: "identity",
            heading: "",
            position: 1,
            change: "changed",
            diff: "",
          },
          volatileChanges: [],
        },
      }),
    );
    expect(html).toContain(
      "First differing section: <strong>identity</strong> (<code>identity</code>",
    );
  });

  it("puts a failed render's diagnostic in an alert above the last good render", () => {
    const html = buildInspectMain(
      createView({
        failure: {
          code: "CLI_CONFIG_INVALID",
          severity: "error",
          message: "config.json5: bad",
          hint: "fix it",
        },
      }),
    );
    expect(html.indexOf('role="alert"')).toBeLessThan(html.indexOf('id="map"'));
    expect(html).toContain("CLI_CONFIG_INVALID");
    expect(html).toContain("last render that worked");
  });

  it("marks a served page live with its render version; a written page is not live", () => {
    expect(buildInspectPage(createView(), { live: { version: 7 } })).toContain(
      '<body data-live="1" data-version="7">',
    );
    expect(buildInspectPage(createView())).toContain('<body data-live="0" data-version="0">');
  });

  it("gives each section its share of the prompt, one decimal below 10%", () => {
    const html = buildInspectMain(createView());
    const share = (id: string) =>
      new RegExp(`<code>${id}</code>.*?<td class="num">([^<]*)</td></tr>`).exec(html)?.[1];
    expect(share("identity")).toBe("2.0%");
    expect(share("tooling")).toBe("80%");
    expect(share("runtime")).toBe("12%");
    const tenth = buildInspectMain(
      createView({
        sections: [section("identity", "stable", 50), section("tooling", "stable", 450)],
      }),
    );
    expect(tenth).toMatch(/<code>identity<\/code>.*?<td class="num">10%<\/td><\/tr>/);
  });

  it("an empty prompt: every share 0%, bands one line high, and no source list when no input is named", () => {
    const html = buildInspectMain(
      createView({
        source: [],
        sections: [section("identity", "stable", 0, "")],
        totals: { ...createView().totals, tokens: 0, stableTokens: 0, volatileTokens: 0 },
      }),
    );
    expect(html).toMatch(/<code>identity<\/code>.*<td class="num">0%<\/td><\/tr>/);
    expect(html).toContain('aria-label="IDENTITY, stable, 0 tokens" style="height: 24px"');
    expect(html).not.toContain('class="pairs source"');
    expect(buildInspectMain(createView())).toContain(
      '<dl class="pairs source"><div><dt>Workspace</dt><dd>demo</dd></div></dl>',
    );
  });
});
