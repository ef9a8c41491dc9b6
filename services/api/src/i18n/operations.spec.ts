import { describe, expect, it } from 'vitest';
import { enUS } from './messages.en-US';
import { zhCN } from './messages.zh-CN';
import { describeOperation } from './operations';

describe(describeOperation.name, () => {
  it('describes a quality gate\'s verdict and decision in words of the reader\'s language', () => {
    expect(describeOperation('en_US', 'SampleItemJudged', { round: 2, verdict: 'fail' })).toBe('Judged a sample item in round 2: failed');
    expect(describeOperation('zh_CN', 'AcceptanceItemJudged', { verdict: 'reject' })).toBe('判定了验收批次中的一条数据：驳回');
    expect(describeOperation('en_US', 'SamplingTaskDecided', { decision: 'return' })).toBe('Decided a held sampling task: failed items returned');
  });
  it('names the edited fields of an account in the reader\'s words', () => {
    expect(describeOperation('en_US', 'AccountEdited', { changes: { name: 'x', email: 'y', teamId: 'z' } })).toBe('Edited an account (Name, Email, and Team)');
    expect(describeOperation('zh_CN', 'AccountEdited', { changes: { phone: 'x' } })).toBe('修改了账号资料（手机号）');
  });
  it('describes the work on an item, which the log shows like any other operation', () => {
    expect(describeOperation('en_US', 'ItemHeld', { reworkCount: 3, reworkMaxCount: 3 })).toBe('An item reached the rework limit (3 of 3) and waits for the PM');
    expect(describeOperation('zh_CN', 'ItemClaimed', {})).toBe('领取了一条数据');
  });
  it('falls back to naming the event it has no words for', () => {
    expect(describeOperation('en_US', 'SomethingNew', {})).toBe('Performed SomethingNew');
  });
  it('knows every operation in both languages', () => {
    const ops = (catalogue: Record<string, string>) => [...new Set(Object.keys(catalogue).filter((k) => k.startsWith('ops.') && k !== 'ops.other').map((k) => k.replace(/\.(one|other)$/, '')))].sort();
    expect(ops(zhCN)).toEqual(ops(enUS));
  });
});
