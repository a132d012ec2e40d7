/**
 * Runs a command-line script's main function: the process exits with the code main returns (0
 * when it returns nothing), or prints the error and exits 1. Exiting explicitly ends the process
 * even while a local engine, server or browser it started still holds handles open.
 */
export function runScript(main: () => Promise<number | undefined> | Promise<void>): void {
  main().then(
    (code) => process.exit(typeof code === 'number' ? code : 0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
