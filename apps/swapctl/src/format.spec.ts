import type { DepositReturn, DepositLogEntry } from '@swap/contracts';
import { formatCreatedKey, formatKeySettings, formatKeyTable } from './keys.format';
import { amount, errorJson, fields, table, time } from './output';
import { formatDeposits, formatReturn, formatSwap, formatSwapTable } from './swaps.format';
import { keyInfo, swapSnapshot } from './test/fixtures';

describe('output helpers', () => {
  it('aligns table columns to the widest cell', () => {
    expect(
      table(
        ['ID', 'STATUS', 'NOTE'],
        [
          ['a', 'DONE', 'x'],
          ['bbbb', 'PENDING', ''],
        ],
      ),
    ).toBe('ID    STATUS   NOTE\na     DONE     x\nbbbb  PENDING\n');
  });

  it('aligns field values', () => {
    expect(
      fields([
        ['id', '1'],
        ['status', 'DONE'],
      ]),
    ).toBe('id      1\nstatus  DONE\n');
  });

  it.each([
    ['150000000', 'LTC', '1.5 LTC'],
    ['100000000', 'BTC', '1 BTC'],
    ['1', 'ETH', '0.000000000000000001 ETH'],
    ['1234567890123', 'XMR', '1.234567890123 XMR'],
    ['0', 'TRX', '0 TRX'],
  ] as const)('prints %s base units of %s as %s', (units, code, expected) => {
    expect(amount(units, code)).toBe(expected);
  });

  it('prints UNIX seconds as UTC and null as a dash', () => {
    expect(time(1735689600)).toBe('2025-01-01 00:00:00Z');
    expect(time(null)).toBe('-');
  });

  it('renders an error as one JSON document with code and message only', () => {
    expect(JSON.parse(errorJson({ code: 'X', message: 'boom' }))).toEqual({
      error: { code: 'X', message: 'boom' },
    });
  });
});

describe('key formatting', () => {
  it('shows the new secret with the warning that it is shown once', () => {
    const text = formatCreatedKey({ key: 'k_1', secret: 's3cret' });
    expect(text).toBe(
      'key     k_1\nsecret  s3cret\nThe secret is shown only this once: store it now, it cannot be retrieved later.\n',
    );
  });

  it('lists keys one per row with their state and whitelist', () => {
    const lines = formatKeyTable([
      keyInfo(),
      keyInfo({ key: 'k_2', label: null, disabled: true, ipWhitelist: [] }),
    ])
      .trimEnd()
      .split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^KEY\s+LABEL\s+STATE\s+RATE\/S\s+AGREEMENT/);
    expect(lines[1]).toMatch(
      /^k_3f9a1c2b7d\s+shop\s+active\s+30\s+volume 0\.5 %\s+yes\s+no\s+no\s+203\.0\.113\.0\/24\s+2025-01-01/,
    );
    expect(lines[2]).toMatch(/^k_2\s+-\s+disabled\s.*\sany\s+2025-01-01/);
    const feeShare = formatKeyTable([keyInfo({ partnerPercent: '0', feeShare: '30' })]);
    expect(feeShare.split('\n')[1]).toMatch(/\s30\s+fee share 30 %\s+yes/);
  });

  it('says so when there is no key', () => {
    expect(formatKeyTable([])).toContain('no API keys yet');
  });

  it('shows one key as labelled settings', () => {
    const text = formatKeySettings(keyInfo({ autoExecuteOnMismatch: true }));
    expect(text).toContain('rate limit                30 requests/s per endpoint\n');
    expect(text).toContain('auto-execute on mismatch  yes\n');
    expect(text).toContain('ip whitelist              203.0.113.0/24\n');
    expect(text).toContain('agreement                 volume share: 0.5 % added to the service fee\n');
    expect(formatKeySettings(keyInfo({ partnerPercent: '0', feeShare: '12.5' }))).toContain(
      'agreement                 fee share: 12.5 % of the service fee\n',
    );
    expect(formatKeySettings(keyInfo({ partnerPercent: '0' }))).toContain('agreement                 none\n');
  });
});

describe('swap formatting', () => {
  it('shows a swap with amounts in whole coins', () => {
    const text = formatSwap(
      swapSnapshot({
        status: 'FAILED',
        depositTx: {
          id: 'txdep',
          amount: '150000000',
          fee: null,
          feeCurrency: null,
          timeReg: 1735689700,
          timeBlock: null,
          confirmations: 2,
          txKey: null,
        },
        issue: { type: 'LESS', reason: 'sent less', needsRefundAddress: true, choice: 'NONE' },
      }),
    );
    expect(text).toContain('status           FAILED\n');
    expect(text).toContain('send             1.5 LTC\n');
    expect(text).toContain('receive          0.012345 BTC\n');
    expect(text).toContain('deposit tx       txdep (1.5 LTC, 2 conf)\n');
    expect(text).toContain('issue            LESS, sent less, needs a refund address\n');
  });

  it('lists swaps one per row', () => {
    const lines = formatSwapTable([swapSnapshot(), swapSnapshot({ id: 'ZyXwVuTsRq', dryrun: true })], null)
      .trimEnd()
      .split('\n');
    expect(lines[0]).toMatch(/^ID\s+STATUS\s+TYPE\s+SEND\s+RECEIVE\s+CREATED\s+UPDATED$/);
    expect(lines[1]).toMatch(
      /^AbCdEfGhIj\s+PENDING\s+float\s+1\.5 LTC\s+0\.012345 BTC\s+2025-01-01 00:00:00Z/,
    );
    expect(lines[2]).toContain('float (dry run)');
  });

  it('says which status had no swaps', () => {
    expect(formatSwapTable([], 'FAILED')).toBe('no FAILED swaps\n');
    expect(formatSwapTable([], null)).toBe('no swaps\n');
  });
});

describe('deposit formatting', () => {
  const ret: DepositReturn = {
    returnId: 'AbCdEfGhIj-return-1',
    swapId: 'AbCdEfGhIj',
    depositId: 'LTC:txlate:0',
    network: 'LTC',
    currency: 'LTC',
    address: 'ltc1qrefund',
    deposited: '200000000',
    amount: '198000000',
    state: 'sent',
    txid: 'txback',
    fee: '1000',
    feeCurrency: 'LTC',
    confirmations: 1,
    reason: null,
    requestedAt: 1735689600,
    updatedAt: 1735689700,
  };
  const deposit: DepositLogEntry = {
    depositId: 'LTC:txlate:0',
    replacedBy: null,
    txid: 'txlate',
    index: 0,
    currency: 'LTC',
    address: 'ltc1qdeposit',
    amount: '200000000',
    confirmations: 6,
    blockHeight: 120,
    blockHash: 'h120',
    reverted: false,
    credited: false,
    handling: null,
    firstSeenAt: 1735689600,
    returned: null,
  };

  it("shows each deposit with its latest return's id and state", () => {
    const lines = formatDeposits([deposit, { ...deposit, depositId: 'LTC:txlate:1', returned: ret }])
      .trimEnd()
      .split('\n');
    expect(lines[0]).toMatch(/CREDITED\s+HANDLED\s+RETURNED\s+FIRST SEEN$/);
    expect(lines[1]).toMatch(/^LTC:txlate:0\s+2 LTC\s+6\s+120\s+on chain\s+no\s+-\s+-\s+2025-01-01/);
    expect(lines[2]).toContain('AbCdEfGhIj-return-1 sent');
  });

  it('says which transaction replaced a reverted deposit (a fee bump or a double spend)', () => {
    const lines = formatDeposits([
      { ...deposit, reverted: true, replacedBy: 'txbumped', blockHeight: null },
      { ...deposit, depositId: 'LTC:txgone:0', reverted: true, blockHeight: null },
    ]).split('\n');
    expect(lines[1]).toMatch(/mempool\s+replaced by txbumped\s+no/);
    expect(lines[2]).toMatch(/mempool\s+reverted\s+no/);
  });

  it('shows a return with amounts in whole coins', () => {
    const text = formatReturn(ret);
    expect(text).toContain('returned     1.98 LTC (less the 1 % refund fee)\n');
    expect(text).toContain('tx           txback (1 confirmations)\n');
    expect(text).toContain('network fee  0.00001 LTC\n');
  });
});
