import { describe, expect, it } from "vitest";
import { BootstrapError } from "./bootstrap-error.js";
import type { BootstrapHookHandler, RawBootstrapFile } from "./bootstrap-types.js";
import { runBootstrapHooks } from "./run-bootstrap-hooks.js";

const context = { sessionKind: "main", workspaceDir: "/ws" } as const;
const files: RawBootstrapFile[] = [
  { name: "AGENTS.md", path: "/ws/AGENTS.md", origin: "workspace", content: "agents" },
  {
    name: "SOUL.md",
    path: "/ws/SOUL.md",
    origin: "workspace",
    content: "soul",
    window: { rawChars: 10, gapAt: 2 },
  },
];

function run(...handlers: BootstrapHookHandler[]) {
  return runBootstrapHooks(files, { "agent:bootstrap": handlers }, context);
}

describe("runBootstrapHooks", () => {
  it("returns the input untouched without handlers", async () => {
    const result = await runBootstrapHooks(files, undefined, context);
    expect(result.files).toBe(files);
  });

  it("lets a handler replace a file's content in place (normalized), keeping others intact", async () => {
    const result = await run((event) => {
      const soul = event.files.find((f) => f.name === "SOUL.md");
      if (soul) soul.content = "pirate\r\npersona";
    });
    expect(result.files.map((f) => f.content)).toEqual(["agents", "pirate\npersona"]);
    expect(result.files[0]).toBe(files[0]);
    expect(result.files[1]).not.toHaveProperty("window");
  });

  it("keeps the read window of files a handler did not change", async () => {
    const result = await run((event) => [...event.files]);
    expect(result.files[1]?.window).toEqual({ rawChars: 10, gapAt: 2 });
  });

  it("runs handlers in order, awaiting async ones, and lets them drop and add files", async () => {
    const seen: string[][] = [];
    const result = await run(
      async (event) => {
        seen.push(event.files.map((f) => f.name));
        await new Promise((resolve) => setTimeout(resolve, 5));
        return event.files.filter((f) => f.name !== "SOUL.md");
      },
      (event) => {
        seen.push(event.files.map((f) => f.name));
        event.files.push({
          name: "NOTES.md",
          path: "/ws/NOTES.md",
          origin: "workspace",
          content: "n",
        });
      },
    );
    expect(seen).toEqual([["AGENTS.md", "SOUL.md"], ["AGENTS.md"]]);
    expect(result.files.map((f) => f.name)).toEqual(["AGENTS.md", "NOTES.md"]);
  });

  it("discards the change of a throwing handler and continues from the previous result", async () => {
    const result = await run(
      (event) => event.files.filter((f) => f.name === "AGENTS.md"),
      function breaksThings(event) {
        event.files.length = 0;
        throw new Error("boom");
      },
    );
    expect(result.files.map((f) => f.name)).toEqual(["AGENTS.md"]);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: "BOOTSTRAP_HOOK_FAILED",
        message:
          "agent:bootstrap handler #2 (breaksThings) threw (boom); its change was discarded.",
      }),
    ]);
  });

  it("discards a result that is not a file list", async () => {
    const bad = (() => [{ name: "X.md" }]) as unknown as BootstrapHookHandler;
    const result = await run(bad);
    expect(result.files.map((f) => f.content)).toEqual(["agents", "soul"]);
    expect(result.diagnostics[0]?.code).toBe("BOOTSTRAP_HOOK_INVALID_RESULT");
  });

  it("does not let a handler mutate the caller's objects", async () => {
    await run((event) => {
      const first = event.files[0];
      if (first) first.content = "changed";
    });
    expect(files[0]?.content).toBe("agents");
  });

  it.each([
    ["a null handler", { "agent:bootstrap": [null] }, "hooks.agent:bootstrap.0"],
    ["a string handler", { "agent:bootstrap": [() => undefined, "x"] }, "hooks.agent:bootstrap.1"],
    [
      "a handler instead of a list",
      { "agent:bootstrap": () => undefined },
      "hooks.agent:bootstrap",
    ],
    ["a list instead of an object", [() => undefined], "hooks"],
  ])("rejects hooks with %s as BOOTSTRAP_INVALID_OPTIONS", async (_name, hooks, path) => {
    const error: unknown = await runBootstrapHooks(files, hooks as never, context).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(BootstrapError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: "BOOTSTRAP_INVALID_OPTIONS", path });
  });

  it("injects the last of several entries shown as the same file, with a diagnostic", async () => {
    const result = await run(
      (event) => [
        ...event.files,
        { name: "SOUL.md", path: "/elsewhere/SOUL.md", origin: "workspace", content: "pirate" },
      ],
      (event) => [
        ...event.files,
        { name: "NOTES.md", path: "/ws/NOTES.md", origin: "workspace", content: "n1" },
        { name: "NOTES.md", path: "/ws/NOTES.md", origin: "workspace", content: "n2" },
      ],
    );
    expect(result.files.map((f) => [f.name, f.content])).toEqual([
      ["AGENTS.md", "agents"],
      ["SOUL.md", "pirate"],
      ["NOTES.md", "n2"],
    ]);
    expect(result.diagnostics.map((d) => [d.code, d.message])).toEqual([
      [
        "BOOTSTRAP_HOOK_DUPLICATE_FILE",
        "agent:bootstrap handlers left 2 entries for SOUL.md; the last one is injected.",
      ],
      [
        "BOOTSTRAP_HOOK_DUPLICATE_FILE",
        "agent:bootstrap handlers left 2 entries for NOTES.md; the last one is injected.",
      ],
    ]);
  });

  it("keeps a workspace and an execution-folder AGENTS.md apart", async () => {
    const result = await run((event) => [
      ...event.files,
      { name: "AGENTS.md", path: "/repo/AGENTS.md", origin: "execution", content: "repo" },
    ]);
    expect(result.files.map((f) => f.content)).toEqual(["agents", "soul", "repo"]);
    expect(result.diagnostics).toEqual([]);
  });
});
