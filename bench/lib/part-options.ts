type Cleanup = () => Promise<void>;

/** What a part that runs the benchmark's build on servers of its own is given. */
export interface BuiltPartOptions {
  env: NodeJS.ProcessEnv;
  /** The benchmark's `next build`; a part runs copies of it. */
  builtDistDir: string;
  /** The run's folder, for the part's logs. */
  runDir: string;
  /** What stops the part's servers, run when the bench ends however it ends. */
  addCleanup: (cleanup: Cleanup) => void;
}
