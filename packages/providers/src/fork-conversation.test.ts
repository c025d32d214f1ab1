import { describe, expect, it } from "vitest";
import { forkConversation } from "./fork-conversation.js";
import { history } from "../test/conversation-of.js";
import { invalidArgument as invalid, thrownBy } from "../test/expected-errors.js";

describe("forkConversation", () => {
  it("keeps the first upTo messages and the request ends within them", () => {
    const child = forkConversation(history, { upTo: 5 });
    expect(child).toEqual({
      ...history,
      messages: history.messages.slice(0, 5),
      turnEnds: [1, 3, 5],
    });
    expect(child.messages[4]).toBe(history.messages[4]);
    expect(Object.isFrozen(child)).toBe(true);
    expect(Object.isFrozen(child.messages)).toBe(true);
    expect(Object.isFrozen(child.turnEnds)).toBe(true);
  });

  it("keeps everything by default, and nothing with upTo 0", () => {
    expect(forkConversation(history)).toEqual(history);
    expect(forkConversation(history, { upTo: 7 })).toEqual(history);
    expect(forkConversation(history, { upTo: 0 })).toEqual({
      ...history,
      messages: [],
      turnEnds: [],
    });
  });

  it("refuses a cut between a call and its result", () => {
    expect(thrownBy(() => forkConversation(history, { upTo: 2 }))).toMatchObject({
      code: "PROVIDERS_BAD_ORDER",
      message: 'forkConversation: upTo 2 separates tool call "c1" from its result.',
      path: "upTo",
    });
  });

  it.each([-1, 8, 0.5, "3"])("rejects upTo %o", (upTo) => {
    expect(thrownBy(() => forkConversation(history, { upTo: upTo as never }))).toMatchObject(
      invalid(
        "forkConversation",
        "upTo",
        "an integer from 0 to 7",
        typeof upTo === "string" ? "a string" : "a number",
      ),
    );
  });
});
