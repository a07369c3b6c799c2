/** Process entry point: runs the CLI with this process's arguments. */

/**
 * `feltguard replay` loads its own command alone: the rest of the command tree (the web server, MQTT,
 * the journal, the devices) was a third of its start-up (bench/replay-profile.md). Same command, same
 * options, same errors (src/app/runCli.ts).
 */
async function replayAlone(argv: string[]): Promise<number> {
  const [{ Command }, { registerReplay }, { runCli }] = await Promise.all([
    import("commander"),
    import("./commands/replay.js"),
    import("./runCli.js"),
  ]);
  const program = new Command("feltguard").showHelpAfterError();
  registerReplay(program);
  return runCli(program, argv);
}

process.exitCode =
  process.argv[2] === "replay"
    ? await replayAlone(process.argv)
    : await (await import("./cli.js")).main(process.argv);
