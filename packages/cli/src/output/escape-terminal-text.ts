/**
 * Makes text safe to print on a terminal: every C0 and C1 control character except line feed
 * and tab (ESC, CSI, OSC, BEL, backspace, carriage return, ...) and the bidi controls become
 * visible escapes such as `\x1b` or `\u202e`, so names, paths and messages from a workspace,
 * skill, config or facts file cannot write to the clipboard, retitle the window, erase lines or
 * reorder what is shown. Pure. Piped prompt output is not passed through it: it stays exact.
 */
export function escapeTerminalText(text: string): string {
  return text.replace(
    // oxlint-disable-next-line no-control-regex -- control characters are what this escapes
    /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu,
    (character) => {
      const code = character.charCodeAt(0);
      return code <= 0xff
        ? `\\x${code.toString(16).padStart(2, "0")}`
        : `\\u${code.toString(16).padStart(4, "0")}`;
    },
  );
}
