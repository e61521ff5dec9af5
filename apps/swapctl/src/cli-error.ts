/** Exit codes: scripts can tell a bad invocation from a refusal and from a bus that is down. */
export const EXIT = {
  ok: 0,
  /** The service answered with an error (unknown key, bad request), or its reply was unusable. */
  failed: 1,
  /** Invalid command line: unknown command, bad option value. */
  usage: 2,
  /** No bus URL, NATS down, or no instance of the service answered. */
  unreachable: 3,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/**
 * A failure reported to the operator as one line (and, with --json, as `{"error":{code,message}}`,
 * unless the command already printed its one document, e.g. a key created before a later step failed).
 */
export class CliError extends Error {
  override readonly name = 'CliError';

  constructor(
    readonly code: string,
    message: string,
    readonly exitCode: ExitCode = EXIT.failed,
    readonly documentPrinted = false,
  ) {
    super(message);
  }
}
