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

  it("discards a file list with any malformed entry, naming the handler", async () => {
    const good = { name: "X.md", path: "/ws/X.md", origin: "workspace", content: "x" };
    for (const entry of [
      null,
      "X.md",
      { ...good, name: 7 },
      { ...good, name: "  " },
      { ...good, path: undefined },
      { ...good, origin: "elsewhere" },
      { ...good, content: 7 },
      // A function is no file entry, whatever properties it carries.
      Object.assign(
        Object.defineProperty(() => undefined, "name", { value: "X.md" }),
        {
          path: "/ws/X.md",
          origin: "workspace",
          content: "x",
        },
      ),
    ]) {
      const result = await run((() => [good, entry]) as unknown as BootstrapHookHandler);
      expect(result.files).toEqual(files);
      expect(result.diagnostics).toEqual([
        {
          code: "BOOTSTRAP_HOOK_INVALID_RESULT",
          severity: "warning",
          message:
            "agent:bootstrap handler #1 returned something other than a file list; its change was discarded.",
          hint: "Return an array of { name, path, origin, content } objects, or nothing.",
        },
      ]);
    }
    // The same list without the bad entry is taken, and null content is a file too.
    const taken = await run((() => [good, { ...good, name: "Y.md", content: null }]) as never);
    expect(taken.files.map((f) => [f.name, f.content])).toEqual([
      ["X.md", "x"],
      ["Y.md", null],
    ]);
  });

  it("words a thrown string, and a throw without a message", async () => {
    const result = await run(
      () => {
        // oxlint-disable-next-line typescript/only-throw-error -- plain-JS handlers throw anything
        throw "not an Error";
      },
      () => {
        throw new Error("");
      },
    );
    expect(result.diagnostics.map((d) => d.message)).toEqual([
      "agent:bootstrap handler #1 threw (not an Error); its change was discarded.",
      "agent:bootstrap handler #2 threw (no message); its change was discarded.",
    ]);
  });

  it("refuses hooks of the wrong shape, naming the bad path", async () => {
    const hint = 'Pass hooks as { "agent:bootstrap": [handler, ...] } with functions only.';
    for (const [hooks, message, path] of [
      [null, "hooks must be an object of handler lists.", "hooks"],
      [[], "hooks must be an object of handler lists.", "hooks"],
      ["agent:bootstrap", "hooks must be an object of handler lists.", "hooks"],
      [() => undefined, "hooks must be an object of handler lists.", "hooks"],
      [
        { "agent:bootstrap": "handler" },
        'hooks["agent:bootstrap"] must be an array of functions.',
        "hooks.agent:bootstrap",
      ],
      [
        { "agent:bootstrap": [() => undefined, 1] },
        'hooks["agent:bootstrap"][1] is not a function.',
        "hooks.agent:bootstrap.1",
      ],
    ] as const) {
      await expect(runBootstrapHooks(files, hooks as never, context)).rejects.toMatchObject({
        code: "BOOTSTRAP_INVALID_OPTIONS",
        message,
        path,
        hint,
      });
    }
    expect((await runBootstrapHooks(files, {}, context)).files).toBe(files);
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

  it("keeps execution-folder files of different paths apart", async () => {
    const result = await run((event) => [
      ...event.files,
      { name: "AGENTS.md", path: "/repo/AGENTS.md", origin: "execution", content: "repo" },
      { name: "AGENTS.md", path: "/other/AGENTS.md", origin: "execution", content: "other" },
    ]);
    expect(result.files.map((f) => [f.path, f.content])).toEqual([
      ["/ws/AGENTS.md", "agents"],
      ["/ws/SOUL.md", "soul"],
      ["/repo/AGENTS.md", "repo"],
      ["/other/AGENTS.md", "other"],
    ]);
    expect(result.diagnostics).toEqual([]);
  });

  it("hands each handler the event: its type, the files and the context, executionDir when given", async () => {
    const events: unknown[] = [];
    const record: BootstrapHookHandler = (event) => {
      events.push({ ...event, files: event.files.map((file) => file.name) });
    };
    await runBootstrapHooks(files, { "agent:bootstrap": [record] }, context);
    await runBootstrapHooks(
      files,
      { "agent:bootstrap": [record] },
      { ...context, sessionKind: "subagent", executionDir: "/repo" },
    );
    expect(events).toEqual([
      {
        type: "agent:bootstrap",
        files: ["AGENTS.md", "SOUL.md"],
        sessionKind: "main",
        workspaceDir: "/ws",
      },
      {
        type: "agent:bootstrap",
        files: ["AGENTS.md", "SOUL.md"],
        sessionKind: "subagent",
        workspaceDir: "/ws",
        executionDir: "/repo",
      },
    ]);
  });

  it("reports a failed handler and a duplicate entry in full, a duplicate execution file by path", async () => {
    const repoAgents = { name: "AGENTS.md", path: "/repo/AGENTS.md", origin: "execution" } as const;
    const result = await run(
      () => {
        // oxlint-disable-next-line typescript/only-throw-error -- plain-JS handlers throw anything
        throw 42;
      },
      () => {
        // oxlint-disable-next-line typescript/only-throw-error -- plain-JS handlers throw anything
        throw "";
      },
      (event) => [
        ...event.files,
        { ...repoAgents, content: "one" },
        { ...repoAgents, content: "two" },
      ],
    );
    expect(result.files.map((f) => f.content)).toEqual(["agents", "soul", "two"]);
    expect(result.diagnostics).toEqual([
      {
        code: "BOOTSTRAP_HOOK_FAILED",
        severity: "warning",
        message: "agent:bootstrap handler #1 threw (no message); its change was discarded.",
        hint: "Fix the handler; the file list continues from the previous handler's result.",
      },
      expect.objectContaining({
        message: "agent:bootstrap handler #2 threw (no message); its change was discarded.",
      }),
      {
        code: "BOOTSTRAP_HOOK_DUPLICATE_FILE",
        severity: "warning",
        message:
          "agent:bootstrap handlers left 2 entries for /repo/AGENTS.md; the last one is injected.",
        path: "/repo/AGENTS.md",
        hint: "Change the existing entry's content instead of adding a second one.",
      },
    ]);
  });
});
