import { launcherView, type LogView } from './log-view';

let view: LogView | undefined;
let out: Pick<NodeJS.WritableStream, 'write'> = process.stdout;

/** How everything the launcher writes looks from now on (main picks it once, from LOG_FORMAT). */
export function useLogView(next: LogView, to: Pick<NodeJS.WritableStream, 'write'> = process.stdout): void {
  view = next;
  out = to;
}

/** The view in use: main's, else (the compose scripts that reuse launcher code) LOG_FORMAT's. */
export function currentView(): LogView {
  view ??= launcherView(process.env, Boolean(process.stdout.isTTY));
  return view;
}

/** One line from `name` (a service's log line, PostgreSQL's text) as the view shows it. */
export function show(name: string, line: string): void {
  out.write(currentView().show(name, line));
}

/** The launcher talks to a person: a log line of its own, as the services' lines are shown. */
export function say(message: string, from = 'launcher', fields: Record<string, unknown> = {}): void {
  show(
    from,
    JSON.stringify({ level: 'info', time: new Date().toISOString(), service: from, msg: message, ...fields }),
  );
}

/** What is written as it is on a terminal (the banner); a machine gets one line of its facts. */
export function announce(drawn: string, message: string, fields: Record<string, unknown>): void {
  if (currentView().human) out.write(drawn);
  else say(message, 'launcher', fields);
}
