import { NewSwapPageController } from './new-swap-page.controller';
import { StatusPageController } from './status-page.controller';
import { SwapController } from './swap.controller';
import { SwapEventsController } from './swap-events.controller';

/** The gateway's HTTP controllers: the service serves them and /v1/openapi.json describes them. */
export const GATEWAY_HTTP_CONTROLLERS = [
  SwapController,
  StatusPageController,
  SwapEventsController,
  NewSwapPageController,
] as const;
