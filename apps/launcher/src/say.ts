const PREFIX_WIDTH = 12;
const COLORS = [36, 32, 33, 35, 34, 96, 92, 93, 95, 94, 91];
const colorOf = new Map<string, number>();

/** "name         | " — coloured on a terminal so interleaved services stay readable. */
export function prefix(name: string): string {
  const label = name.padEnd(PREFIX_WIDTH);
  if (!process.stdout.isTTY) return `${label}| `;
  if (!colorOf.has(name)) colorOf.set(name, COLORS[colorOf.size % COLORS.length]);
  return `\x1b[${colorOf.get(name)}m${label}|\x1b[0m `;
}

/** The launcher talks to a person at a terminal, so plain lines rather than JSON. */
export function say(message: string, from = 'launcher'): void {
  process.stdout.write(`${prefix(from)}${message}\n`);
}
