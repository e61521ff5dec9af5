import { isStartupMessage, StartupProgress, type StartupMessage } from './startup-progress';

describe('StartupProgress', () => {
  it('tells each finished step at once, with its time since the process started', () => {
    const told: StartupMessage[] = [];
    const clock = [812.4, 1490, 1702.6];
    const progress = new StartupProgress(
      () => clock.shift() ?? 0,
      (message) => told.push(message),
    );
    progress.mark('modules loaded');
    expect(told).toEqual([{ startup: { step: 'modules loaded', atMs: 812 } }]);
    progress.mark('bus connected');
    progress.mark('listening');
    expect(told.map((m) => m.startup.step)).toEqual(['modules loaded', 'bus connected', 'listening']);
    expect(told.map((m) => m.startup.atMs)).toEqual([812, 1490, 1703]);
  });

  it('gives each step its own duration; a step marked again (two apps in one process) adds up', () => {
    const clock = [800, 1500, 1700, 2000];
    const progress = new StartupProgress(
      () => clock.shift() ?? 0,
      () => undefined,
    );
    for (const step of ['modules loaded', 'bus connected', 'listening', 'bus connected']) progress.mark(step);
    expect(progress.durations()).toEqual({ 'modules loaded': 800, 'bus connected': 1000, listening: 200 });
  });

  it('recognises only its own messages on a shared IPC channel', () => {
    expect(isStartupMessage({ startup: { step: 'listening', atMs: 10 } })).toBe(true);
    expect(isStartupMessage({ startup: { step: 'listening' } })).toBe(false);
    expect(isStartupMessage({ cmd: 'NODE_HANDLE' })).toBe(false);
    expect(isStartupMessage(null)).toBe(false);
  });
});
