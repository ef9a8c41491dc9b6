// Where a webhook may point: HTTPS anywhere; plain HTTP only to this machine, and only where the platform allows it.
const localHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

export type WebhookUrlVerdict = 'allowed' | 'malformed' | 'https_required';

/** `allowLocalHttp` is a setting: on for tests and the development stack, off in production. */
export function judgeWebhookUrl(value: string, allowLocalHttp: boolean): WebhookUrlVerdict {
  if (!URL.canParse(value)) return 'malformed';
  const url = new URL(value);
  if (url.username || url.password) return 'malformed';
  if (url.protocol === 'https:') return 'allowed';
  if (url.protocol !== 'http:') return 'malformed';
  return allowLocalHttp && localHosts.has(url.hostname) ? 'allowed' : 'https_required';
}
