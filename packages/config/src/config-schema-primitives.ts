import * as z from "zod/mini";

// Building blocks of the config schema's modules, called only while the schema is built.

/** A positive whole number, with further checks. */
export const positiveInt = (...checks: z.core.$ZodCheck<number>[]) =>
  z.number().check(z.int(), z.positive(), ...checks);

/** A string of at least one character, with further checks. */
export const nonEmptyString = (...checks: z.core.$ZodCheck<string>[]) =>
  z.string().check(z.minLength(1), ...checks);

// Blank text would reach the prompt as an empty line or crash the renderer's own check.
/** A string with a non-space character (run facts), with further checks. */
export const nonBlankText = (...checks: z.core.$ZodCheck<string>[]) =>
  z.string().check(
    z.minLength(1, { abort: true }),
    z.refine((value) => value.trim() !== "", { message: "must not be blank", abort: true }),
    ...checks,
  );
