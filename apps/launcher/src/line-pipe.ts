import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { prefix } from './say';

/** Copies a child's output to ours line by line, each line prefixed with the child's name. */
export function pipeLines(
  name: string,
  stream: Readable | null,
  keep: (line: string) => boolean = () => true,
): void {
  if (!stream) return;
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
    if (keep(line)) process.stdout.write(`${prefix(name)}${line}\n`);
  });
}
