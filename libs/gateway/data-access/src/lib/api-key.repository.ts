import { DataSource, Repository } from 'typeorm';
import { ApiKeyEntity } from './api-key.entity';

export type ApiKeyRow = ApiKeyEntity;

export class ApiKeyRepository {
  private readonly repo: Repository<ApiKeyEntity>;

  constructor(dataSource: DataSource) {
    this.repo = dataSource.getRepository(ApiKeyEntity);
  }

  find(key: string): Promise<ApiKeyRow | null> {
    return this.repo.findOneBy({ key });
  }

  list(): Promise<ApiKeyRow[]> {
    return this.repo.find({ order: { createdAt: 'ASC' } });
  }

  async insert(row: ApiKeyRow): Promise<void> {
    await this.repo.insert(row);
  }

  /** Replaces the key's sealed secret if it is still `from` (replicas re-sealing at once do it once). */
  async replaceSecret(key: string, from: string, to: string): Promise<boolean> {
    const result = await this.repo.update({ key, secretEnc: from }, { secretEnc: to });
    return (result.affected ?? 0) > 0;
  }

  /** The key's agreement (volume share and fee share together); the row updated, or null when no such key. */
  async setAgreement(key: string, agreement: Pick<ApiKeyRow, 'partnerPercent' | 'feeShare'>) {
    const result = await this.repo.update({ key }, agreement);
    return result.affected ? this.find(key) : null;
  }

  /** Returns the updated row, or null when the key does not exist. */
  async setDisabled(key: string, disabled: boolean): Promise<ApiKeyRow | null> {
    const result = await this.repo.update({ key }, { disabled });
    return result.affected ? this.find(key) : null;
  }
}
