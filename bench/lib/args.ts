// The benchmark scripts' command lines: a bad one stops the script before it starts anything.

/** What `read` makes of this process's arguments; on a bad command line, why and the usage. */
export function commandLine<T>(usage: string, read: (args: string[]) => T): T {
  try {
    return read(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\nUsage: ${usage}`);
    process.exit(1);
  }
}
