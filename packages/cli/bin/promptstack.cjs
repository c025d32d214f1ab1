#!/usr/bin/env node
// Entry of the built package: the loader of the bundled command (scripts/bundle-bin.mjs), which
// compiles the one-file bundle from its V8 code cache and runs it. CommonJS, as the loader is, so
// Node never starts its ES module loader. `pnpm promptstack` in the repository runs a bundle of
// the workspace sources (scripts/promptstack.mjs) instead.
"use strict";
require("../dist/bundle/promptstack-loader.cjs");
