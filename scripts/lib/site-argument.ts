/** `--url X` (or `--url=X`) from the arguments, else NEXT_PUBLIC_SITE_URL. */
export function siteUrlArgument(args: string[]): string | undefined {
  const i = args.findIndex((a) => a === '--url' || a.startsWith('--url='));
  if (i === -1) return process.env.NEXT_PUBLIC_SITE_URL;
  return args[i].startsWith('--url=') ? args[i].slice('--url='.length) : args[i + 1];
}

/** The arguments without `--url X`. */
export function withoutUrl(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--url') i++;
    else if (!args[i].startsWith('--url=')) out.push(args[i]);
  }
  return out;
}
