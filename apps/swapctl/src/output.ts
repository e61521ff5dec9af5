import { CURRENCIES, fromUnits, type CurrencyCode } from '@swap/domain';
import type { CliError } from './cli-error';

/** Where a command writes: stdout for the result, stderr for the operator's error line. */
export interface Output {
  out(text: string): void;
  err(text: string): void;
  /** Whether stdout is a terminal, where a person reads it, rather than a pipe or a file. */
  readonly terminal: boolean;
}

export const processOutput: Output = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  terminal: process.stdout.isTTY === true,
};

/** The one document a `--json` command prints. */
export function toJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

export function errorJson(error: Pick<CliError, 'code' | 'message'>): string {
  return toJson({ error: { code: error.code, message: error.message } });
}

export function errorLine(error: Pick<CliError, 'message'>): string {
  return `swapctl: ${error.message.split('\n')[0]}\n`;
}

/** Columns padded to their widest cell; the last column is not padded. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => row[i].length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [headers, ...rows].map((row) => `${line(row)}\n`).join('');
}

/** "label  value" lines with the values aligned. */
export function fields(pairs: readonly (readonly [string, string])[]): string {
  const width = Math.max(...pairs.map(([label]) => label.length));
  return pairs.map(([label, value]) => `${label.padEnd(width)}  ${value}\n`).join('');
}

/** UNIX seconds → "2025-01-31 12:00:00Z"; "-" when unset. */
export function time(seconds: number | null): string {
  if (seconds === null) return '-';
  return new Date(seconds * 1000)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d{3}Z$/, 'Z');
}

/** Base units → "1.5 LTC" (exact, trailing zeros dropped). */
export function amount(units: string, code: CurrencyCode): string {
  const text = fromUnits(BigInt(units), CURRENCIES[code].chainDecimals);
  return `${text.includes('.') ? text.replace(/\.?0+$/, '') : text} ${code}`;
}

export const yesNo = (flag: boolean): string => (flag ? 'yes' : 'no');
export const orDash = (value: string | null): string => value ?? '-';
