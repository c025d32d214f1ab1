import { closeSync, openSync } from "node:fs";
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
    let created = false;
    const output = discoverProcessOutput(
      1,
      () => {
        created = true;
        return createStream();
      },
      (_fd, bytes, offset, length) => {
        const take = Math.min(length, 3);
        written.push(Buffer.from(bytes.subarray(offset, offset + take)).toString("latin1"));
        return take;
      },
      false,
    );
    output.write("héllo, ");
    output.write("wörld\n");
    expect(Buffer.from(written.join(""), "latin1").toString("utf8")).toBe("héllo, wörld\n");
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
  });

  it("writes a terminal's output through the stream from the start", () => {
    const stream = createStream();
    const output = discoverProcessOutput(
      1,
      () => stream,
      () => {
        throw new Error("no synchronous write to a terminal");
      },
      true,
    );
    output.write("prompt\n");
    expect(stream.chunks).toEqual(["prompt\n"]);
    expect(output.isTerminal).toBe(true);
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
