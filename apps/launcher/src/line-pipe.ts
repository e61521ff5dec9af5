import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { show } from './say';

/** Copies a child's output to ours line by line, as the launcher's view shows them (say.ts). */
export function pipeLines(
  name: string,
  stream: Readable | null,
  keep: (line: string) => boolean = () => true,
): void {
  if (!stream) return;
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
    if (keep(line)) show(name, line);
  });
}
