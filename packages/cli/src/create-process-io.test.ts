import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OutputStream, ProcessOutput } from "./discover-process-output.js";

// The real outputs write to the test worker's fds 1 and 2; these stand-ins record what
// `createProcessIo` asked for and in which order it flushed them.
const outputs = vi.hoisted(() => ({
  asked: [] as { fd: number; stream: () => unknown }[],
  events: [] as string[],
}));

vi.mock("./discover-process-output.js", () => ({
  discoverProcessOutput: (fd: number, stream: () => OutputStream): ProcessOutput => {
    outputs.asked.push({ fd, stream });
    return {
      isTerminal: fd === 1,
      write: (text) => outputs.events.push(`write ${fd}: ${text}`),
      flush: (done) => {
        outputs.events.push(`flush ${fd}`);
        done();
      },
    };
  },
}));

const { createProcessIo } = await import("./create-process-io.js");

describe("createProcessIo", () => {
  beforeEach(() => {
    outputs.asked.length = 0;
    outputs.events.length = 0;
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("opens fd 1 with process.stdout and fd 2 with process.stderr as their streams", () => {
    createProcessIo();
    expect(outputs.asked.map(({ fd }) => fd)).toEqual([1, 2]);
    expect(outputs.asked[0]!.stream()).toBe(process.stdout);
    expect(outputs.asked[1]!.stream()).toBe(process.stderr);
  });

  it("writes each text to its own output and takes the terminal flag from stdout", () => {
    const io = createProcessIo();
    io.stdout("out");
    io.stderr("err");
    expect(outputs.events).toEqual(["write 1: out", "write 2: err"]);
    expect(io.isTTY).toBe(true);
    expect(io.env).toBe(process.env);
  });

  it("flushes stdout, then stderr, and only then calls done", () => {
    const io = createProcessIo();
    io.flush(() => outputs.events.push("done"));
    expect(outputs.events).toEqual(["flush 1", "flush 2", "done"]);
  });

  it("resolves paths from INIT_CWD under the repository's own `pnpm promptstack` script", () => {
    vi.stubEnv("npm_lifecycle_event", "promptstack");
    vi.stubEnv("INIT_CWD", "/where/the/user/typed");
    expect(createProcessIo().cwd).toBe("/where/the/user/typed");
  });

  it("ignores INIT_CWD inherited from any other script, and an empty one", () => {
    vi.stubEnv("INIT_CWD", "/somewhere/else");
    vi.stubEnv("npm_lifecycle_event", "test");
    expect(createProcessIo().cwd).toBe(process.cwd());
    vi.stubEnv("npm_lifecycle_event", undefined);
    expect(createProcessIo().cwd).toBe(process.cwd());
    vi.stubEnv("npm_lifecycle_event", "promptstack");
    vi.stubEnv("INIT_CWD", "");
    expect(createProcessIo().cwd).toBe(process.cwd());
    vi.stubEnv("INIT_CWD", undefined);
    expect(createProcessIo().cwd).toBe(process.cwd());
  });
});
