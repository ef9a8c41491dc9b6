// COCO video-style JSON: one document, annotations/video_instances.json, written a section at a time. Each item is a
// video (a picture is a video of one frame) with its frames as images (video_id, frame_id from 0); each track is
// listed once in "tracks" with its own values and its result id as instance_id; each frame where a track is in the
// scene has one annotation with its track_id, instance_id, box or polygon and the frame values there.
import { frameAttributesAt } from '../../items/interpolation';
import { type AnnotationDecoder, ClassRegistry, frameMediaPath, type DecodedItem, type EncoderFactory, importDetails, importReasons } from '../format';
import { cocoShapeOf, polygonArea, withLists } from './coco';
import { decodeJsonDocuments } from './json-documents';
import { attributeValues, boundsOf, objectsAt } from './objects-at';

export const cocoVideoDocumentPath = 'annotations/video_instances.json';

export const cocoVideoEncoder: EncoderFactory = (context) => {
  const classes = new ClassRegistry(context.tools);
  const templates = new Map(context.tools.map((t) => [t.definition.name, t.definition.templateType]));
  let videoId = 0;
  let imageId = 0;
  let trackId = 0;
  let annotationId = 0;
  return {
    item(item) {
      videoId += 1;
      const { frameCount } = item.result;
      const videos = [JSON.stringify({ id: videoId, name: item.mediaPath, width: item.width ?? 0, height: item.height ?? 0, length: frameCount, valid: item.effective })];
      const images: string[] = [];
      const annotations: string[] = [];
      const tracks = new Map<string, number>();
      const trackList: string[] = [];
      for (let frame = 0; frame < frameCount; frame++) {
        imageId += 1;
        const media = item.frames[frame];
        images.push(JSON.stringify({ id: imageId, video_id: videoId, frame_id: frame, file_name: frameMediaPath(item, frame), width: media?.width ?? item.width ?? 0, height: media?.height ?? item.height ?? 0 }));
        for (const { object, className, shape } of objectsAt(item, frame, context.tools)) {
          if (shape.type !== 'box' && shape.type !== 'polygon') continue;
          const categoryId = classes.idOf(className) + 1;
          let track = tracks.get(object.id);
          if (track === undefined) {
            track = ++trackId;
            tracks.set(object.id, track);
            trackList.push(JSON.stringify({ id: track, video_id: videoId, category_id: categoryId, instance_id: object.id, attributes: object.attributes }));
          }
          annotationId += 1;
          const [x, y, width, height] = boundsOf(shape);
          const area = shape.type === 'box' ? shape.width * shape.height : polygonArea(shape.points);
          const segmentation = shape.type === 'polygon' ? [shape.points.flatMap((p) => [p.x, p.y])] : [];
          annotations.push(
            JSON.stringify({ id: annotationId, image_id: imageId, video_id: videoId, category_id: categoryId, track_id: track, instance_id: object.id, bbox: [x, y, width, height], area, segmentation, iscrowd: 0, attributes: frameAttributesAt(object, frame) }),
          );
        }
      }
      return { files: [], sections: { videos, images, tracks: trackList, annotations }, objects: annotations.length };
    },
    finish() {
      const categories = classes.names().map((name, id) => ({ id: id + 1, name, supercategory: templates.get(name) ?? 'object' }));
      const info = { description: context.projectTitle, version: '1.0', date_created: context.exportedAt };
      return {
        files: [],
        documents: [
          {
            path: cocoVideoDocumentPath,
            parts: [
              `{"info":${JSON.stringify(info)},"licenses":[],"videos":[`,
              { section: 'videos' },
              '],"images":[',
              { section: 'images' },
              '],"tracks":[',
              { section: 'tracks' },
              '],"annotations":[',
              { section: 'annotations' },
              `],"categories":${JSON.stringify(categories)}}`,
            ],
          },
        ],
      };
    },
  };
};

interface CocoVideoDocument {
  videos: { id?: unknown; name?: unknown; file_name?: unknown; length?: unknown }[];
  images: { id?: unknown; video_id?: unknown; frame_id?: unknown }[];
  tracks?: { id?: unknown; instance_id?: unknown; attributes?: unknown }[];
  annotations: { image_id?: unknown; video_id?: unknown; category_id?: unknown; track_id?: unknown; instance_id?: unknown; bbox?: unknown; segmentation?: unknown; attributes?: unknown }[];
  categories: { id?: unknown; name?: unknown }[];
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : null);

export const decodeCocoVideo: AnnotationDecoder = (files) =>
  decodeJsonDocuments(files, 'COCO video', (file, parsed, { items, refusals }) => {
    const document = withLists<CocoVideoDocument>(parsed, ['videos', 'images', 'annotations', 'categories']);
    if (typeof document === 'string') return document;
    const categories = new Map(document.categories.flatMap((c) => (typeof c?.name === 'string' ? [[c.id, c.name] as const] : [])));
    const tracks = new Map((document.tracks ?? []).map((t) => [t?.id, t]));
    const videos = new Map<unknown, DecodedItem>();
    document.videos.forEach((video, index) => {
      const source = `${file.path} videos[${index}]`;
      const name = text(video?.name) ?? text(video?.file_name);
      if (!name || video.id === undefined) return refusals.push({ source, reasonKey: importReasons.malformed, params: { format: 'COCO video', detail: importDetails.cocoVideo } });
      const decoded: DecodedItem = { fileName: name, source, objects: [], ...(Number.isInteger(video.length) && (video.length as number) > 0 ? { frameCount: video.length as number } : {}) };
      videos.set(video.id, decoded);
      items.push(decoded);
    });
    const frames = new Map(document.images.map((image) => [image?.id, image]));
    document.annotations.forEach((annotation, index) => {
      const source = `${file.path} annotations[${index}]`;
      const image = frames.get(annotation?.image_id);
      const video = videos.get(image?.video_id ?? annotation?.video_id);
      const frame = image?.frame_id;
      if (!image || !video || !Number.isInteger(frame) || (frame as number) < 0) return refusals.push({ source, reasonKey: importReasons.itemNotFound, params: { value: String(annotation?.image_id) } });
      const className = categories.get(annotation.category_id);
      if (className === undefined) return refusals.push({ source, reasonKey: importReasons.unknownClass, params: { value: String(annotation.category_id) } });
      const shape = cocoShapeOf(annotation);
      if (typeof shape === 'string') {
        return refusals.push({ source, reasonKey: importReasons.wrongGeometry, params: { detail: shape } });
      }
      const track = tracks.get(annotation.track_id);
      const id = text(annotation.instance_id) ?? text(track?.instance_id) ?? text(annotation.track_id);
      const attributes = { ...attributeValues(track?.attributes), ...attributeValues(annotation.attributes) };
      video.objects.push({ source, className, shape, attributes, frame: frame as number, ...(id ? { id } : {}) });
    });
  });
