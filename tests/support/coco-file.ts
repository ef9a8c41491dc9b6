// A generated COCO instances file as detection data sets ship it, written a piece at a time so a file of hundreds of
// megabytes is never one string: its images, then every annotation of each image in turn (a box, or a polygon of many
// points where asked), then its categories last, as COCO's own files order them.

export interface CocoFileSpec {
  images: { fileName: string; width: number; height: number }[];
  /** Annotations of each image. */
  perImage: number;
  /** The category every annotation names. */
  category: string;
  /** Points of each annotation's polygon; none makes boxes. */
  polygonPoints?: number;
}

/** The file's text in pieces of about one image's annotations. */
export function* cocoPieces({ images, perImage, category, polygonPoints = 0 }: CocoFileSpec): Generator<string> {
  yield '{"info":{"description":"generated"},"licenses":[],"images":[\n';
  yield images.map((image, i) => `{"id":${i + 1},"file_name":"${image.fileName}","width":${image.width},"height":${image.height}}`).join(',\n');
  yield '],"annotations":[\n';
  let id = 0;
  for (let i = 0; i < images.length; i++) {
    const { width, height } = images[i];
    const lines: string[] = [];
    for (let k = 0; k < perImage; k++) {
      const [x, y, w, h] = [(k * 7) % (width - 20), (k * 5) % (height - 20), 12.5, 10.25];
      lines.push(`{"id":${++id},"image_id":${i + 1},"category_id":1,"bbox":[${x},${y},${w},${h}],"area":${w * h},"segmentation":${polygonPoints ? `[[${ring(x, y, w, h, polygonPoints)}]]` : '[]'},"iscrowd":0}`);
    }
    yield `${i ? ',\n' : ''}${lines.join(',\n')}`;
  }
  yield `],"categories":[{"id":1,"name":${JSON.stringify(category)},"supercategory":"object"}]}\n`;
}

/** A ring of `count` points on the ellipse inside the box, with two decimals as annotation tools write them. */
function ring(x: number, y: number, w: number, h: number, count: number): string {
  const values: string[] = [];
  for (let p = 0; p < count; p++) {
    const angle = (2 * Math.PI * p) / count;
    values.push(`${(x + w / 2 + (w / 2) * Math.cos(angle)).toFixed(2)},${(y + h / 2 + (h / 2) * Math.sin(angle)).toFixed(2)}`);
  }
  return values.join(',');
}
