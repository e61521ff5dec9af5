import { bandwidthBytes, stakeForEnergy, tronBurn } from './tron-resources';
import { tapos } from './tron-transaction';

const MAINNET = {
  energyFee: 210n,
  bandwidthFee: 1000n,
  createAccountFee: 100_000n,
  createNewAccountFee: 1_000_000n,
};
const none = () => ({ freeNet: 0n, stakedNet: 0n, energy: 0n });

describe("Tron's resources, as java-tron charges them", () => {
  it('a signed transaction uses its protobuf size plus 64 bytes of bandwidth', () => {
    // A TRX transfer's raw data is about 100 bytes: 1 + 1 + 100 + 1 + 1 + 65 + 64.
    expect(bandwidthBytes('00'.repeat(100))).toBe(233n);
    expect(bandwidthBytes('00'.repeat(200))).toBe(334n);
  });

  it('bandwidth: staked first, then the free 600 a day, then burnt per byte', () => {
    const staked = { freeNet: 600n, stakedNet: 1000n, energy: 0n };
    expect(tronBurn({ bytes: 268n, createsAccount: false, energy: 0n }, MAINNET, staked)).toEqual({
      bandwidth: 0n,
      energy: 0n,
    });
    expect(staked.stakedNet).toBe(732n);
    const free = { freeNet: 300n, stakedNet: 0n, energy: 0n };
    expect(tronBurn({ bytes: 268n, createsAccount: false, energy: 0n }, MAINNET, free).bandwidth).toBe(0n);
    expect(tronBurn({ bytes: 268n, createsAccount: false, energy: 0n }, MAINNET, free).bandwidth).toBe(
      268_000n,
    );
  });

  it('opening an account costs 1.1 TRX without staked bandwidth (the free bandwidth cannot pay it)', () => {
    const free = { freeNet: 600n, stakedNet: 0n, energy: 0n };
    expect(tronBurn({ bytes: 268n, createsAccount: true, energy: 0n }, MAINNET, free).bandwidth).toBe(
      1_100_000n,
    );
    const staked = { freeNet: 0n, stakedNet: 600n, energy: 0n };
    expect(tronBurn({ bytes: 268n, createsAccount: true, energy: 0n }, MAINNET, staked).bandwidth).toBe(
      1_000_000n,
    );
  });

  it('energy: own or lent first, the rest burnt at the energy fee (a USDT transfer: 13.5 TRX)', () => {
    expect(tronBurn({ bytes: 345n, createsAccount: false, energy: 64_285n }, MAINNET, none())).toEqual({
      bandwidth: 345_000n,
      energy: 13_499_850n,
    });
    const lent = { freeNet: 600n, stakedNet: 0n, energy: 70_000n };
    expect(tronBurn({ bytes: 345n, createsAccount: false, energy: 64_285n }, MAINNET, lent)).toEqual({
      bandwidth: 0n,
      energy: 0n,
    });
  });

  it('the stake behind an amount of energy: stake × TotalEnergyLimit / TotalEnergyWeight, rounded up', () => {
    const network = { TotalEnergyLimit: '180000000000', TotalEnergyWeight: '19000000000' };
    // 65,000 energy a day ≈ 6,862 TRX of stake.
    expect(stakeForEnergy(65_000n, network)).toBe(6_862_000_000n);
    expect(stakeForEnergy(1n, {})).toBeNull();
  });

  it('TaPoS names the reference block by bytes 6–8 of its number and 8–16 of its id', () => {
    const id = '0000000003c1b4a9c4f1f0c8a4f5e3cd0b6a0f7b4d53e2ab4a2e1c1a6a1f2c3d';
    expect(tapos(63026345, id, 1_000, 60_000)).toEqual({
      ref_block_bytes: 'b4a9',
      ref_block_hash: 'c4f1f0c8a4f5e3cd',
      expiration: 61_000,
      timestamp: 1_000,
    });
  });
});
