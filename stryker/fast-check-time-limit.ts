import fc from "fast-check";

// Mutation runs only (stryker/vitest.config.ts): every fast-check property stops after a time
// limit and passes with the runs it made. A property that takes 5 s in the suite would otherwise
// take that long for every mutant it covers (hours on o200k); a mutant it misses within the limit
// survives and shows up in the report, so the limit can only lower a score, never raise it.
// Planted-fault tests, which must see a property fail, lift it with `withoutPropertyTimeLimit`
// (tools/test-utils).
fc.configureGlobal({ interruptAfterTimeLimit: 1_000, markInterruptAsFailure: false });
