import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { SwapSnapshot } from '@swap/contracts';

/** The gateway's read model of a swap, kept current from the engine's swap events. */
@Entity({ name: 'swap_views' })
export class SwapViewEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'api_key', type: 'text' })
  apiKey!: string;

  @Column({ type: 'integer' })
  version!: number;

  @Column({ type: 'jsonb' })
  snapshot!: SwapSnapshot;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
