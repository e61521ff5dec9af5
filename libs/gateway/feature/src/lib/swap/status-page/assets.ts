import { createHash } from 'node:crypto';
import { PAGE_SCRIPT } from './page.script';
import { PAGE_STYLE } from './page.style';

export interface Asset {
  /** File name under `/swap/assets/`, with the content's hash: cached for good, replaced on change. */
  name: string;
  contentType: string;
  body: string;
}

export function hashed(stem: string, extension: string, contentType: string, body: string): Asset {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  return { name: `${stem}.${hash}.${extension}`, contentType, body };
}

/** The page's own stylesheet and script: the only resources it loads, from the gateway itself. */
export const PAGE_ASSETS = {
  stylesheet: hashed('status', 'css', 'text/css; charset=utf-8', PAGE_STYLE),
  script: hashed('status', 'js', 'text/javascript; charset=utf-8', PAGE_SCRIPT),
} as const;

/** A page's stylesheet or script by its hashed name; undefined for any other name. */
export function assetNamed(assets: { stylesheet: Asset; script: Asset }, name: string): Asset | undefined {
  return [assets.stylesheet, assets.script].find((asset) => asset.name === name);
}
