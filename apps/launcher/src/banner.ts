/** What a person needs once everything is up: where the API is and how to get a key. */
export function banner(apiUrl: string, running: number, notBuilt: string[]): string {
  const rule = '─'.repeat(72);
  const lines = [
    rule,
    `  instant-swap is ready (${running} services)`,
    '',
    `  API        ${apiUrl}`,
    `  OpenAPI    ${apiUrl}/openapi.json`,
    `  API key    npx swapctl keys create --fixed-rate --dry-run`,
    `  Stop       Ctrl-C`,
  ];
  if (notBuilt.length > 0) lines.push('', `  Not built, not running: ${notBuilt.join(', ')}`);
  return [...lines, rule, ''].join('\n');
}
