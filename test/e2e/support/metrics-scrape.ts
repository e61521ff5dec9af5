/** One scrape of a service's GET /metrics, read as Prometheus reads the text format. */
export class Scrape {
  private constructor(
    readonly contentType: string | null,
    private readonly samples: ReadonlyArray<{ name: string; labels: Record<string, string>; value: number }>,
  ) {}

  static async of(baseUrl: string): Promise<Scrape> {
    const res = await fetch(`${baseUrl}/metrics`);
    if (res.status !== 200) throw new Error(`${baseUrl}/metrics answered ${res.status}`);
    return new Scrape(res.headers.get('content-type'), parse(await res.text()));
  }

  /** The value of the one sample of `name` whose labels include `labels`; undefined when none. */
  value(name: string, labels: Record<string, string> = {}): number | undefined {
    const found = this.all(name, labels);
    if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)}: ${found.length} samples`);
    return found[0]?.value;
  }

  /** Every sample of `name` whose labels include `labels`. */
  all(name: string, labels: Record<string, string> = {}) {
    return this.samples.filter(
      (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
    );
  }
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

function parse(text: string) {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = SAMPLE.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(LABEL)].map((m) => [m[1], m[2]]));
      return { name: match[1], labels, value: Number(match[3]) };
    });
}
