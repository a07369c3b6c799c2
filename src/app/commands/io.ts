/** Where commands write: table events and data to stdout, diagnostics to stderr. */
export const write = (line: string): void => {
  process.stdout.write(line);
};

export const diag = (line: string): void => {
  process.stderr.write(`feltguard: ${line}\n`);
};
