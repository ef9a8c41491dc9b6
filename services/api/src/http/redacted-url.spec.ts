import { describe, expect, it } from 'vitest';
import { redactedUrl } from './redacted-url';

describe(redactedUrl.name, () => {
  it('hides the values of tokens, tickets, passwords and codes wherever they sit in the query', () => {
    expect(redactedUrl('/manage/jobs/stream?ticket=abc&x=1')).toBe('/manage/jobs/stream?ticket=***&x=1');
    expect(redactedUrl('/a?x=1&access_token=s3cret')).toBe('/a?x=1&access_token=***');
    expect(redactedUrl('/a?passwd=p&code=123456&Token=t&%74oken=u')).toBe('/a?passwd=***&code=***&Token=***&%74oken=***');
  });

  it('keeps what is not secret, and the address without a query as it is', () => {
    expect(redactedUrl('/manage/projects?limit=20&tab=going')).toBe('/manage/projects?limit=20&tab=going');
    expect(redactedUrl('/manage/projects/1')).toBe('/manage/projects/1');
  });

  it('hides a value whose name cannot be decoded rather than risk keeping a secret', () => {
    expect(redactedUrl('/a?%E0%A4%A=secret')).toBe('/a?%E0%A4%A=***');
  });
});
