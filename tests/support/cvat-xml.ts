// CVAT XML as a reader compares it, read here on its own rather than by the importer under test: each image's or
// track's shape elements with every attribute they carry, in a stable order, so a fixture and an export of it can be
// compared field by field. CVAT's files are flat enough for this: elements with attributes, and <attribute> texts.

const shapeKinds = ['box', 'polygon', 'polyline', 'points', 'ellipse', 'cuboid', 'mask', 'skeleton', 'tag'];

export interface ComparedShape {
  kind: string;
  fields: Record<string, string>;
  attributes: [string, string][];
}

export interface Leave {
  kinds?: string[];
  fields?: string[];
}

const unescape = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

function fieldsOf(head: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [, name, value] of head.matchAll(/([\w:-]+)="([^"]*)"/g)) fields[name] = unescape(value);
  return fields;
}

/** The elements named `tag` directly in a text, each with its attributes and the text inside it. */
function elements(text: string, tag: string): { fields: Record<string, string>; inner: string }[] {
  return [...text.matchAll(new RegExp(`<${tag}(\\s[^>]*?)?(/>|>([\\s\\S]*?)</${tag}>)`, 'g'))].map((m) => ({ fields: fieldsOf(m[1] ?? ''), inner: m[3] ?? '' }));
}

function shapesOf(inner: string, leave: Leave): ComparedShape[] {
  const shapes: ComparedShape[] = [];
  for (const kind of shapeKinds) {
    if (leave.kinds?.includes(kind)) continue;
    for (const element of elements(inner, kind)) {
      const fields = Object.fromEntries(Object.entries(element.fields).filter(([name]) => !leave.fields?.includes(name)));
      const attributes = [...element.inner.matchAll(/<attribute name="([^"]*)">([^<]*)<\/attribute>/g)].map(([, name, value]): [string, string] => [unescape(name), unescape(value)]).sort();
      shapes.push({ kind, fields, attributes });
    }
  }
  return shapes.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/** Each image's size and shapes, by the image's file name without its folders. */
export function cvatImages(xml: string, leave: Leave = {}): Map<string, { width: string; height: string; shapes: ComparedShape[] }> {
  return new Map(elements(xml, 'image').map(({ fields, inner }) => [fields.name.split('/').pop()!, { width: fields.width, height: fields.height, shapes: shapesOf(inner, leave) }]));
}

/** Each track's label and shapes in frame order, by the track's id; tracks left with no shape are left out. */
export function cvatTracks(xml: string, leave: Leave = {}): Map<string, { label: string; shapes: ComparedShape[] }> {
  return new Map(
    elements(xml, 'track')
      .map(({ fields, inner }) => ({ id: fields.id, label: fields.label, shapes: shapesOf(inner, leave).sort((a, b) => Number(a.fields.frame) - Number(b.fields.frame)) }))
      .filter((track) => track.shapes.length > 0)
      .map((track) => [track.id, { label: track.label, shapes: track.shapes }]),
  );
}
