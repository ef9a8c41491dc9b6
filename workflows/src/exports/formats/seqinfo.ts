// MOTChallenge's seqinfo.ini: one [Sequence] section of "key=value" lines naming the sequence, its frame folder, frame
// rate, length, frame size and image extension, as MOTChallenge ships it and its evaluation kits read it (INI rules:
// keys in any case, "=" or ":", lines starting with ";" or "#" are comments).

export interface SeqInfo {
  name: string;
  imDir: string;
  frameRate: number | null;
  seqLength: number | null;
  imWidth: number | null;
  imHeight: number | null;
  imExt: string;
}

const positive = (value: string | undefined) => {
  const number = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isFinite(number) && number > 0 ? number : null;
};

/** The [Sequence] section's values, or null where the text has no such section. */
export function readSeqinfo(text: string): SeqInfo | null {
  const values = new Map<string, string>();
  let section: string | null = null;
  let found = false;
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith(';') || line.startsWith('#')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = header[1].trim().toLowerCase();
      found ||= section === 'sequence';
      continue;
    }
    const pair = /^([^=:]+)[=:](.*)$/.exec(line);
    if (section === 'sequence' && pair) values.set(pair[1].trim().toLowerCase(), pair[2].trim());
  }
  if (!found) return null;
  return {
    name: values.get('name') ?? '',
    imDir: values.get('imdir') || 'img1',
    frameRate: positive(values.get('framerate')),
    seqLength: positive(values.get('seqlength')),
    imWidth: positive(values.get('imwidth')),
    imHeight: positive(values.get('imheight')),
    imExt: values.get('imext') || '.jpg',
  };
}

/** The file as MOTChallenge writes it; a value the sequence does not know is left out. */
export function writeSeqinfo(info: SeqInfo): string {
  const lines = ['[Sequence]', `name=${info.name}`, `imDir=${info.imDir}`];
  for (const [key, value] of [['frameRate', info.frameRate], ['seqLength', info.seqLength], ['imWidth', info.imWidth], ['imHeight', info.imHeight]] as const) if (value !== null) lines.push(`${key}=${value}`);
  lines.push(`imExt=${info.imExt}`);
  return `${lines.join('\n')}\n`;
}
