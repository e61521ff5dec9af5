import { MarketMid } from '../price-source';
import { ExchangeSource, ExchangeSourceOptions } from './exchange-source';
import { field } from './json-fields';
import { Market, TickerFields, booksBySymbol, collectMids } from './mid-price';

/**
 * An exchange API that returns every market's top of book in one GET: where to ask, where the
 * rows are in the answer, which fields of a row hold the symbol, the bid and the ask, and how the
 * exchange reports an error in a 2xx body.
 */
export interface TickerListApi {
  readonly path: string;
  readonly fields: TickerFields;
  /** The field path from the body to the rows' array; empty when the body is the array. */
  readonly rowsAt: readonly string[];
  /** The API-level error the body reports, as `<field> <value>: <message>`, or undefined. */
  readonly errorOf?: (body: unknown) => string | undefined;
  /** Parses the body's text; JSON.parse when absent. */
  readonly parse?: (text: string) => unknown;
}

/** `errorOf` for the common `{ <code>: <ok value>, <message> }` envelope. */
export function codeEnvelope(
  codeField: string,
  ok: readonly unknown[],
  messageField: string,
): (body: unknown) => string | undefined {
  return (body) => {
    const code = field(body, codeField);
    if (ok.includes(code)) return undefined;
    return `${codeField} ${String(code)}: ${String(field(body, messageField))}`;
  };
}

/** A source whose whole refresh is one TickerListApi call; the subclasses only declare it. */
export abstract class TickerListSource extends ExchangeSource {
  protected constructor(
    name: string,
    defaultBaseUrl: string,
    private readonly markets: readonly Market[],
    private readonly api: TickerListApi,
    options: ExchangeSourceOptions,
  ) {
    super(name, defaultBaseUrl, options);
  }

  protected override async load(): Promise<Map<string, MarketMid>> {
    const { path, fields, rowsAt, errorOf, parse } = this.api;
    const body = await this.getJson(path, parse);
    const error = errorOf?.(body);
    if (error !== undefined) throw this.shapeError(path, `returned ${error}`);
    const rows = rowsAt.reduce(field, body);
    if (!Array.isArray(rows)) {
      throw this.shapeError(
        path,
        rowsAt.length === 0 ? 'did not return an array of tickers' : `has no ${rowsAt.join('.')} array`,
      );
    }
    return collectMids(this.markets, booksBySymbol(rows, fields));
  }
}
