#!/usr/bin/env node
// The installed command. The TypeScript is compiled to dist/ by `npm ci` (the prepare script).
import "../dist/app/main.js";
