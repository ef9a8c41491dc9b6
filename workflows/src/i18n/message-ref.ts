// A message named inside another message's parameters, kept as one string: its key, then its values as a query.
export function messageRef(key: string, params: Record<string, string | number> = {}): string {
  const query = new URLSearchParams(Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)]))).toString();
  return query ? `${key}?${query}` : key;
}

/** The key and values of a message reference; a plain string reads as a key with no values. */
export function readMessageRef(value: string): { key: string; params: Record<string, string> } {
  const at = value.indexOf('?');
  return at < 0 ? { key: value, params: {} } : { key: value.slice(0, at), params: Object.fromEntries(new URLSearchParams(value.slice(at + 1))) };
}
