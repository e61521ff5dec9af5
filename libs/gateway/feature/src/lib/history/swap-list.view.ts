import { z } from 'zod';
import { apiResponses, swapOrderView } from '@swap/domain';

/** D14: one page of the key's swaps, each rendered as /swap/status renders it. */
export const swapListView = z
  .object({
    items: z.array(swapOrderView).meta({ description: 'Newest first, each as /swap/status returns it' }),
    next: z.string().nullable().meta({
      description: 'Pass as cursor, with the same filter, for the next page; null on the last page',
    }),
  })
  .register(apiResponses, { id: 'SwapList' });
export type SwapListView = z.output<typeof swapListView>;
