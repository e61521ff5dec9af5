/**
 * What a person needs once everything is up: where the API is and how to get a key, and which
 * services are up but not ready, with what they said (a node down, no prices).
 */
export function banner(apiUrl: string, running: number, notBuilt: string[], notReady: string[] = []): string {
  const rule = '─'.repeat(72);
  const lines = [
    rule,
    `  ${headline(running, notReady)}`,
    '',
    `  API        ${apiUrl}`,
    `  OpenAPI    ${apiUrl}/openapi.json`,
    `  API key    npx swapctl keys create --fixed-rate --dry-run`,
    `  Stop       Ctrl-C`,
  ];
  if (notBuilt.length > 0) lines.push('', `  Not built, not running: ${notBuilt.join(', ')}`);
  if (notReady.length > 0) lines.push('', '  Not ready:', ...notReady.map((line) => `    ${line}`));
  return [...lines, rule, ''].join('\n');
}

/** The banner's first line, which is also what a log collector gets instead of the banner. */
export function headline(running: number, notReady: string[] = []): string {
  return notReady.length === 0
    ? `instant-swap is ready (${running} services)`
    : `instant-swap is up (${running} services, ${notReady.length} not ready)`;
}
