/** The event contract (shared/spec/events.md): schemas, types and the JSON Lines codec. */
export * from "./input.js";
export * from "./jsonl.js";
export * from "./output.js";
