import { afterEach, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { useEnglishZodMessages } from "./use-english-zod-messages.js";

const message = () => z.string().safeParse(1).error?.issues[0]?.message;

describe("useEnglishZodMessages", () => {
  const before = z.config().localeError;
  afterEach(() => {
    z.config({ localeError: before });
  });

  it("registers English messages when no locale is set", () => {
    z.config({ localeError: undefined });
    expect(message()).toBe("Invalid input");
    useEnglishZodMessages();
    expect(message()).toBe("Invalid input: expected string, received number");
  });

  it("keeps a locale the host application chose", () => {
    const host = () => "host message";
    z.config({ localeError: host });
    useEnglishZodMessages();
    expect(z.config().localeError).toBe(host);
    expect(message()).toBe("host message");
  });
});
