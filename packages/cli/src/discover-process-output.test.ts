import { closeSync, existsSync, openSync } from "node:fs";
import { join } from "node:path";
import { createTempDir } from "@promptstack-tools/test-utils";
import { describe, expect, it, onTestFinished } from "vitest";
import { discoverProcessOutput } from "./discover-process-output.js";

/** A stand-in for Node's stream: what it was given, and a flush that calls back later. */
function createStream() {
  const chunks: string[] = [];
  const pending: (() => void)[] = [];
  return {
    chunks,
    drain: () => pending.splice(0).forEach((done) => done()),
    write: (chunk: string | Uint8Array, done?: () => void) => {
      chunks.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
      if (done !== undefined) pending.push(() => done());
      return true;
    },
  };
}

describe("discoverProcessOutput", () => {
  it("writes each text in full with synchronous writes, however few bytes a write takes", () => {
    const written: string[] = [];
    const asked: [number, number][] = [];
    let created = false;
    const output = discoverProcessOutput(
      1,
      () => {
        created = true;
        return createStream();
      },
      (_fd, bytes, offset, length) => {
        asked.push([offset, length]);
        const take = Math.min(length, 3);
        written.push(Buffer.from(bytes.subarray(offset, offset + take)).toString("latin1"));
        return take;
      },
      false,
    );
    output.write("héllo, ");
    output.write("wörld\n");
    expect(Buffer.from(written.join(""), "latin1").toString("utf8")).toBe("héllo, wörld\n");
    // Each write asks for exactly the bytes still to go ("héllo, " is 8 bytes, "wörld\n" 7).
    expect(asked).toEqual([
      [0, 8],
      [3, 5],
      [6, 2],
      [0, 7],
      [3, 4],
      [6, 1],
    ]);
    let flushed = false;
    output.flush(() => (flushed = true));
    expect(flushed).toBe(true);
    expect(created).toBe(false);
  });

  it("hands the rest of a text and every later one to the stream once a write fails", () => {
    const stream = createStream();
    const written: string[] = [];
    let calls = 0;
    const output = discoverProcessOutput(
      1,
      () => stream,
      (_fd, bytes, offset, length) => {
        calls += 1;
        if (calls === 3) throw Object.assign(new Error("full"), { code: "EAGAIN" });
        const take = Math.min(length, 4);
        written.push(Buffer.from(bytes.subarray(offset, offset + take)).toString("utf8"));
        return take;
      },
      false,
    );
    output.write("first text\n");
    output.write("second\n");
    expect(written.join("")).toBe("first te");
    expect(stream.chunks).toEqual(["xt\n", "second\n"]);
    expect(calls).toBe(3);
    let flushed = false;
    output.flush(() => (flushed = true));
    expect(flushed).toBe(false);
    stream.drain();
    expect(flushed).toBe(true);
    expect(stream.chunks).toEqual(["xt\n", "second\n", ""]);
  });

  it("writes a terminal's output through the stream from the start", () => {
    const stream = createStream();
    let synchronousWrites = 0;
    const output = discoverProcessOutput(
      1,
      () => stream,
      () => {
        synchronousWrites += 1;
        throw new Error("no synchronous write to a terminal");
      },
      true,
    );
    output.write("prompt\n");
    expect(stream.chunks).toEqual(["prompt\n"]);
    expect(synchronousWrites).toBe(0);
    expect(output.isTerminal).toBe(true);
  });

  it("on Windows writes through the stream from the start, terminal or not", () => {
    const platform = Object.getOwnPropertyDescriptor(process, "platform")!;
    Object.defineProperty(process, "platform", { ...platform, value: "win32" });
    onTestFinished(() => {
      Object.defineProperty(process, "platform", platform);
    });
    const stream = createStream();
    let synchronousWrites = 0;
    const output = discoverProcessOutput(
      1,
      () => stream,
      (_fd, _bytes, _offset, length) => {
        synchronousWrites += 1;
        return length;
      },
      false,
    );
    output.write("pipe\n");
    expect(stream.chunks).toEqual(["pipe\n"]);
    expect(synchronousWrites).toBe(0);
  });

  it.runIf(existsSync("/dev/ptmx"))("finds that a pseudo-terminal is a terminal", () => {
    const fd = openSync("/dev/ptmx", "r+");
    onTestFinished(() => closeSync(fd));
    expect(discoverProcessOutput(fd, () => createStream()).isTerminal).toBe(true);
  });

  it("finds that a file, a device that is not a terminal, and a closed descriptor are no terminal", () => {
    const open = (path: string, flags: string): number => {
      const fd = openSync(path, flags);
      onTestFinished(() => closeSync(fd));
      return fd;
    };
    const file = open(join(createTempDir("promptstack-output-"), "out.txt"), "w");
    const device = open("/dev/null", "w");
    const closed = openSync("/dev/null", "r");
    closeSync(closed);
    for (const fd of [file, device, closed]) {
      expect(discoverProcessOutput(fd, () => createStream()).isTerminal, String(fd)).toBe(false);
    }
  });
});
