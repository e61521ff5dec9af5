/**
 * A node check (its chain id, its genesis) made before the first request and remembered once it
 * passed; one that failed (the node down, the wrong chain) is made again by the next request.
 */
export class CheckOnce {
  private passed: Promise<void> | null = null;

  constructor(private readonly check: () => Promise<void>) {}

  run(): Promise<void> {
    this.passed ??= this.check().catch((err: unknown) => {
      this.passed = null;
      throw err;
    });
    return this.passed;
  }
}
