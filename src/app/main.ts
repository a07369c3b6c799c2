/** Process entry point: runs the CLI with this process's arguments. */
import { main } from "./cli.js";

process.exitCode = await main(process.argv);
