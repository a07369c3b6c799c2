/** Where commands write: table events and data to stdout, diagnostics to stderr. */

// A reader that stops early (`feltguard replay log | head`) closes the pipe: that is the end, not a crash.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") process.exit(0);
  throw e;
});

export const write = (line: string): void => {
  process.stdout.write(line);
};

export const diag = (line: string): void => {
  process.stderr.write(`feltguard: ${line}\n`);
};
