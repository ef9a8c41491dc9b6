// The request address as the log may keep it: the values of secrets in its query replaced by ***.
const secretName = /token|ticket|pass(word|wd)?|pwd|code|secret|key|signature|credential/i;

export function redactedUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const query = url
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      let name = pair.slice(0, equals);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        return `${pair.slice(0, equals)}=***`;
      }
      return secretName.test(name) ? `${pair.slice(0, equals)}=***` : pair;
    })
    .join('&');
  return `${url.slice(0, question)}?${query}`;
}
