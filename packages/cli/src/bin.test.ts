import * as z from "zod/mini";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ProcessIo } from "./create-process-io.js";

// `bin.ts` runs on import: these stand-ins let the test see what it hands `runCli` and when it
// exits, without writing to the worker's outputs or ending it.
const fakes = vi.hoisted(() => {
  const flushes: (() => void)[] = [];
  const io = {
    stdout: () => {},
    stderr: () => {},
    flush: (done: () => void) => flushes.push(done),
    isTTY: false,
    env: {},
    cwd: "/",
  } satisfies ProcessIo;
  return {
    flushes,
    io,
    runCli: vi.fn<(argv: readonly string[], io: ProcessIo) => Promise<number>>(async () => 3),
  };
});

vi.mock("./create-process-io.js", () => ({ createProcessIo: () => fakes.io }));
vi.mock("./run-cli.js", () => ({ runCli: fakes.runCli }));

describe("the command's entry file", () => {
  const argv = process.argv;
  afterEach(() => {
    process.argv = argv;
    process.exitCode = undefined;
    vi.restoreAllMocks();
  });

  it("runs the command on the arguments after the script, and exits with its status once the output is flushed", async () => {
    const exit = vi.spyOn(process, "exit").mockImplementation(() => undefined as never);
    process.argv = ["/usr/bin/node", "/pkg/bin/promptstack.cjs", "render", "--json"];
    await import("./bin.js");
    await vi.waitFor(() => expect(fakes.flushes).toHaveLength(1));
    expect(fakes.runCli).toHaveBeenCalledExactlyOnceWith(["render", "--json"], fakes.io);
    expect(process.exitCode).toBe(3);
    expect(exit).not.toHaveBeenCalled();
    fakes.flushes[0]!();
    expect(exit).toHaveBeenCalledExactlyOnceWith();
    // Schemas compile no fast path in the command (see bin.ts).
    expect(z.config().jitless).toBe(true);
  });
});
