// A moment as the address bar holds it (?position=, ?at= or ?version=), so a past view can be linked and reloaded.
export type MomentChoice = { kind: 'now' } | { kind: 'position'; position: string } | { kind: 'time'; at: string } | { kind: 'version'; version: number };

export function momentFromSearch(search: URLSearchParams): MomentChoice {
  const position = search.get('position');
  if (position) return { kind: 'position', position };
  const at = search.get('at');
  if (at) return { kind: 'time', at };
  const version = search.get('version');
  if (version !== null && version !== '') return { kind: 'version', version: Number(version) };
  return { kind: 'now' };
}

export function momentSearch(moment: MomentChoice): Record<string, string> {
  switch (moment.kind) {
    case 'now':
      return {};
    case 'position':
      return { position: moment.position };
    case 'time':
      return { at: moment.at };
    case 'version':
      return { version: String(moment.version) };
  }
}

/** A moment in one word, as a diff's ends and the address's `compare` hold it: `now`, `position:N`, `at:<instant>`, `version:N`. */
export function momentToken(moment: MomentChoice): string {
  switch (moment.kind) {
    case 'now':
      return 'now';
    case 'position':
      return `position:${moment.position}`;
    case 'time':
      return `at:${moment.at}`;
    case 'version':
      return `version:${moment.version}`;
  }
}

export function momentOfToken(token: string | null): MomentChoice | null {
  if (token === 'now') return { kind: 'now' };
  const [, kind, value] = /^(position|at|version):(.+)$/.exec(token ?? '') ?? [];
  if (kind === 'position') return { kind: 'position', position: value };
  if (kind === 'at') return { kind: 'time', at: value };
  if (kind === 'version') return { kind: 'version', version: Number(value) };
  return null;
}
