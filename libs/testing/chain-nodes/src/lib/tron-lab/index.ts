export { startTronLab, type TronLab, type TronLabOptions } from './lab';
export type { TronKey, NetworkStake } from './genesis';
export type { MinedRecord } from './lab-records';
