/** Assistant output directives: compact syntax for attachments, voice notes and reply tags. */
export function renderAssistantOutputDirectivesSection(): string[] {
  return [
    "Attach a file or image with a line `MEDIA:<path-or-url>`.",
    "Add `[[audio_as_voice]]` to send attached audio as a voice note.",
    "Reply to the current message with `[[reply_to_current]]`, or to another with `[[reply_to:<id>]]`.",
  ];
}
