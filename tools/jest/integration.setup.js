// Integration and end-to-end suites start real servers; give them time (per-project testTimeout is ignored).
jest.setTimeout(Number(process.env.JEST_SLOW_TIMEOUT_MS ?? 60000));
