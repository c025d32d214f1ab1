#!/usr/bin/env node
// Entry of the built package; `pnpm promptstack` in the repository runs src/bin.ts through tsx.
import "../dist/bin.js";
