// The one function the confusables generator uses; the package ships no types.
declare module "unicode-name" {
  /** The Unicode name of one character, or undefined for an unnamed code point. */
  export function unicodeName(character: string): string | undefined;
}
