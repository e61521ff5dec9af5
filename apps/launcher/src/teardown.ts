import { say } from './say';

/** Undo steps for what has been started, run in reverse: services before the bus and the database. */
export class Teardown {
  private readonly steps: { name: string; stop: () => Promise<void> | void }[] = [];

  add(name: string, stop: () => Promise<void> | void): void {
    this.steps.push({ name, stop });
  }

  async run(): Promise<void> {
    for (let step = this.steps.pop(); step; step = this.steps.pop()) {
      say(step.name);
      try {
        await step.stop();
      } catch (err) {
        say(`${step.name} failed: ${(err as Error).message}`);
      }
    }
  }
}
