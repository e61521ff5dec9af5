import { hashed } from '../status-page/assets';
import { NEW_SWAP_SCRIPT } from './new-swap.script';
import { NEW_SWAP_STYLE } from './new-swap.style';

/** The swap page's own stylesheet and script, under `/swap/new/assets/`: all it loads. */
export const NEW_SWAP_ASSETS = {
  stylesheet: hashed('new-swap', 'css', 'text/css; charset=utf-8', NEW_SWAP_STYLE),
  script: hashed('new-swap', 'js', 'text/javascript; charset=utf-8', NEW_SWAP_SCRIPT),
} as const;
