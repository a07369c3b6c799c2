#!/usr/bin/env node
// The installed command. The TypeScript is compiled to dist/ by `npm ci` (the prepare script).
// At the table the service runs it as `node --optimize-for-size bin/feltguard.js table …` (hardware.md):
// V8's size-first heuristics keep a long-running table's heap near what is live.
await import("../dist/app/main.js");
