// What every export format and every annotation import format agrees on: the items an encoder is handed, the files
// and document sections it gives back, and what a decoder reads out of uploaded files.
import type { DataRuleDocument } from '../catalog/data-rule';
import type { ToolInput } from '../catalog/tool.schemas';
import type { ItemSensors } from '../fusion/calibration';
import type { AttributeValues, BoxShape, ResultDocument, Shape } from '../items/result.schema';

export const exportFormats = ['coco', 'voc', 'yolo', 'kitti', 'openlabel', 'rule_json', 'mot', 'kitti_tracking', 'coco_video', 'coco_panoptic', 'masks', 'kitti_3d', 'nuscenes', 'point_labels', 'cvat_images', 'cvat_video', 'label_studio', 'datumaro'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** A tool of the project as exporters read it: its class name is the tool's name unless an object names another. */
export interface ExportTool {
  toolId: string;
  toolVersion: number;
  definition: ToolInput;
}

/** What an encoder knows of the export as a whole. */
export interface ExportContext {
  projectTitle: string;
  /** The tools the project cites, in the project's order: class ids follow this order, then first sight. */
  tools: ExportTool[];
  /** The cited import/export data rule version's document; only the rule-mapped JSON reads it. */
  rule: DataRuleDocument | null;
  /** When the export ran, ISO 8601, for the formats that record it. */
  exportedAt: string;
}

/** One item handed to an encoder, in export order. */
export interface ExportItem {
  itemId: string;
  /** The item's file name as imported, unique within a batch ("frames/a.png"). */
  fileName: string;
  batchName: string;
  /** 1-based position in this export. */
  index: number;
  width: number | null;
  height: number | null;
  effective: boolean;
  /**
   * Where the item lies in the archive when media are included ("images/<batch>/<fileName>"): a picture's image, or
   * the folder of a sequence's or a video's frames. Formats name the item's own files after it.
   */
  mediaPath: string;
  /** The item's frames in order: a picture is one frame, at `mediaPath`; a sequence or a video has one per frame. */
  frames: ExportFrame[];
  /** Frames per second, where the data says (a video, a sequence's seqinfo.ini). */
  frameRate?: number | null;
  /** A point-cloud item's cameras and ego poses; absent or null for pictures, videos and image sequences. */
  sensors?: ItemSensors | null;
  result: ResultDocument;
}

/** One frame of an item as exported. */
export interface ExportFrame {
  /** Where the frame's image lies in the archive when media are included. */
  mediaPath: string;
  width: number | null;
  height: number | null;
  /** Seconds from the sequence's start, where the data says. */
  timestamp: number | null;
}

/** A whole file of the archive, by its path inside the archive: text, or bytes (a PNG). */
export interface ExportFile {
  path: string;
  content: string | Uint8Array;
}

/**
 * A large JSON document (COCO's) written without holding it: items append elements to its named array sections,
 * and at the end the encoder gives the text around them. The writer joins a section's elements with commas.
 */
export interface SectionedDocument {
  path: string;
  /** Literal JSON text and section names in order, e.g. ['{"images":[', { section: 'images' }, '],"annotations":[', ...]. */
  parts: (string | { section: string })[];
}

export interface EncodedItem {
  files: ExportFile[];
  /** JSON texts of elements to append to a document's section, by section name. */
  sections?: Record<string, string[]>;
  /** Objects written for this item, for the export's volume. */
  objects: number;
}

export interface EncodedEnd {
  files: ExportFile[];
  documents: SectionedDocument[];
}

/** A format's encoder for one export: stateful (class ids, counters), fed items one by one, finished once. */
export interface ExportEncoder {
  item(item: ExportItem): EncodedItem;
  finish(): EncodedEnd;
}

export type EncoderFactory = (context: ExportContext) => ExportEncoder;

/** An uploaded annotation file, by its path inside the upload (a zip's entries, or the one file uploaded). */
export interface ImportedFile {
  path: string;
  content: Buffer;
}

/** An object read from an import, before it is matched to a tool: where it came from, its class and its shape. */
export interface DecodedObject {
  /** "labels/a.txt:3", "instances.json annotations[12]": where a refusal points a person. */
  source: string;
  className: string;
  shape: Shape;
  attributes: AttributeValues;
  /** The track id the file gives, where it gives one: objects of one item sharing an id are one track. */
  id?: string;
  /** The 0-based frame of the item it was read at; a picture's objects are at frame 0, the default. */
  frame?: number;
  /** A cuboid's 2D boxes drawn on the frame's camera images, by camera name, where the file gives them. */
  cameraBoxes?: Record<string, BoxShape>;
  /**
   * A class the project may not have (a keypoint's name, KITTI's DontCare): without a tool of that name the object is
   * skipped with this warning's key instead of refused.
   */
  optional?: string;
}

export interface DecodedItem {
  /** The item's file name as the file names it; YOLO and KITTI give only the stem, matched to an item by stem. */
  fileName: string;
  /** Where the item's annotations were read from, for a refusal of the whole item (item not found). */
  source: string;
  objects: DecodedObject[];
  /** The frames the file says the item has, where it says (COCO video's images, OpenLABEL's frame intervals). */
  frameCount?: number;
  /**
   * Named by a data set's list of images (COCO's `images`), which often lists more images than a batch holds: where
   * the batch has no item of its name, its annotations are skipped with a warning instead of refusing the upload.
   */
  listed?: boolean;
}

/** One line of "The import failed with the following error.": where, and a message key with its values. */
export interface DecodeRefusal {
  source: string;
  reasonKey: string;
  params?: Record<string, string | number>;
}

/** A picture's pixels as red, green, blue and alpha, one byte each, row by row. */
export interface Raster {
  width: number;
  height: number;
  rgba: Uint8Array;
}

export interface DecodeContext {
  rule: DataRuleDocument | null;
  /**
   * A PNG's pixels, read by the service (the domain holds no image codec); throws where the bytes are no PNG. The
   * mask formats refuse every PNG without it.
   */
  readPng?(content: Buffer): Raster;
  /** The image size of an item by its file name or its stem; formats with normalized coordinates need it. */
  sizeOf(fileNameOrStem: string): { width: number; height: number } | null;
  /**
   * Every file of the upload by its path, the pictures an export ships beside its annotations included, where they
   * are not among the files handed over (an export with its images, read once its pictures are items).
   */
  shipped?: ReadonlySet<string>;
  /**
   * The batch's item a name finds and its frame count (null where unknown), or null where no item has that name: how
   * a reader tells a sequence project's folder item from a picture project's pictures.
   */
  itemOf?(fileNameOrStem: string): { frameCount: number | null } | null;
}

/** Something read that the project cannot hold, skipped or changed while the rest imports: where, and why. */
export type DecodeWarning = DecodeRefusal;

export interface DecodeOutcome {
  items: DecodedItem[];
  refusals: DecodeRefusal[];
  warnings?: DecodeWarning[];
}

export type AnnotationDecoder = (files: ImportedFile[], context: DecodeContext) => DecodeOutcome;

/** The message keys a decoder refuses with; the API holds their Chinese and English texts. */
export const importReasons = {
  malformed: 'exports.import.malformed',
  unknownClass: 'exports.import.unknown_class',
  itemNotFound: 'exports.import.item_not_found',
  wrongGeometry: 'exports.import.wrong_geometry',
  unsupportedShape: 'exports.import.unsupported_shape',
  noFiles: 'exports.import.no_files',
  itemBusy: 'exports.import.item_busy',
  shapeToolMismatch: 'exports.import.shape_tool_mismatch',
  pngUnreadable: 'exports.import.png_unreadable',
  pngMissing: 'exports.import.png_missing',
  pngSize: 'exports.import.png_size',
} as const;

/**
 * Why a part of a file cannot be read, said as the `detail` of a refusal or warning: a message key, or a message
 * reference (`messageRef`) when its text names values.
 */
export const importDetails = {
  motLine: 'exports.import.detail.mot_line',
  boxPositive: 'exports.import.detail.box_positive',
  outsideFrame: 'exports.import.detail.outside_frame',
  fieldCount: 'exports.import.detail.field_count',
  kittiNumbers: 'exports.import.detail.kitti_numbers',
  boxOrder: 'exports.import.detail.box_order',
  cocoImage: 'exports.import.detail.coco_image',
  firstPolygon: 'exports.import.detail.first_polygon',
  missingLists: 'exports.import.detail.missing_lists',
  polygonPairs: 'exports.import.detail.polygon_pairs',
  bboxValues: 'exports.import.detail.bbox_values',
  bboxPositive: 'exports.import.detail.bbox_positive',
  vocName: 'exports.import.detail.voc_name',
  vocBndbox: 'exports.import.detail.voc_bndbox',
  vocPart: 'exports.import.detail.voc_part',
  jsonSyntax: 'exports.import.detail.json_syntax',
  yamlSyntax: 'exports.import.detail.yaml_syntax',
  xmlSyntax: 'exports.import.detail.xml_syntax',
  ruleFields: 'exports.import.detail.rule_fields',
  vocAnnotation: 'exports.import.detail.voc_annotation',
  boxFour: 'exports.import.detail.box_four',
  pointPairs: 'exports.import.detail.point_pairs',
  pointOne: 'exports.import.detail.point_one',
  polygonPoints: 'exports.import.detail.polygon_points',
  linePoints: 'exports.import.detail.line_points',
  curvePoints: 'exports.import.detail.curve_points',
  shapeType: 'exports.import.detail.shape_type',
  rleSize: 'exports.import.detail.rle_size',
  rleCounts: 'exports.import.detail.rle_counts',
  rleCover: 'exports.import.detail.rle_cover',
  pointLabelsFile: 'exports.import.detail.point_labels_file',
  pointLabelsInstance: 'exports.import.detail.point_labels_instance',
  pointLabelsClass: 'exports.import.detail.point_labels_class',
  yoloNames: 'exports.import.detail.yolo_names',
  yoloClasses: 'exports.import.detail.yolo_classes',
  yoloCoordinates: 'exports.import.detail.yolo_coordinates',
  sizePositive: 'exports.import.detail.size_positive',
  yoloLine: 'exports.import.detail.yolo_line',
  kitti3d: 'exports.import.detail.kitti_3d',
  cocoVideo: 'exports.import.detail.coco_video',
  frameInterval: 'exports.import.detail.frame_interval',
  frameIntervalEnd: 'exports.import.detail.frame_interval_end',
  rbboxValues: 'exports.import.detail.rbbox_values',
  rbboxPositive: 'exports.import.detail.rbbox_positive',
  poly2dValues: 'exports.import.detail.poly2d_values',
  point2dValues: 'exports.import.detail.point2d_values',
  bboxVal: 'exports.import.detail.bbox_val',
  cuboidCamera: 'exports.import.detail.cuboid_camera',
  cuboidSizes: 'exports.import.detail.cuboid_sizes',
  cuboidNoLidar: 'exports.import.detail.cuboid_no_lidar',
  transformBroken: 'exports.import.detail.transform_broken',
  transformMissing: 'exports.import.detail.transform_missing',
  frameNames: 'exports.import.detail.frame_names',
  objectType: 'exports.import.detail.object_type',
  openlabelRoot: 'exports.import.detail.openlabel_root',
  kittiTracking: 'exports.import.detail.kitti_tracking',
  nuscenesTable: 'exports.import.detail.nuscenes_table',
  nuscenesAnnotation: 'exports.import.detail.nuscenes_annotation',
  nuscenesBox: 'exports.import.detail.nuscenes_box',
  panopticAnnotation: 'exports.import.detail.panoptic_annotation',
  labelmapLine: 'exports.import.detail.labelmap_line',
  masksLayout: 'exports.import.detail.masks_layout',
} as const;

/** The message keys a decoder or the matching warns with: what was skipped or changed, and why. */
export const importWarnings = {
  attributeSkipped: 'exports.import.warn_attribute_skipped',
  crowdAsBox: 'exports.import.warn_crowd_box',
  ignoreRegion: 'exports.import.warn_ignore_region',
  clipped: 'exports.import.warn_clipped',
  negativeSize: 'exports.import.warn_negative_size',
  levelled: 'exports.import.warn_levelled',
  cuboidAsBox: 'exports.import.warn_cuboid_box',
  shapeSkipped: 'exports.import.warn_shape_skipped',
  sameFile: 'exports.import.warn_same_file',
  listSkipped: 'exports.import.warn_list_skipped',
  listedMissing: 'exports.import.warn_listed_missing',
  pastLastFrame: 'exports.import.warn_past_last_frame',
  noImage: 'exports.import.warn_no_image',
  notInBatch: 'exports.import.warn_not_in_batch',
  segmentUnlisted: 'exports.import.warn_segment_unlisted',
  colourUnlisted: 'exports.import.warn_colour_unlisted',
} as const;

/** The class an object exports under: the name it was given, else its tool's. */
export function classNameOf(object: { className: string | null; toolId: string }, tools: ExportTool[]): string {
  return object.className ?? tools.find((t) => t.toolId === object.toolId)?.definition.name ?? 'object';
}

/** Stable class ids: the tools' names first, in the project's order, then any other name in the order first seen. */
export class ClassRegistry {
  private readonly ids = new Map<string, number>();

  constructor(tools: ExportTool[]) {
    for (const tool of tools) this.idOf(tool.definition.name);
  }

  /** 0-based id; formats that count from 1 add one. */
  idOf(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(name, id);
    }
    return id;
  }

  names(): string[] {
    return [...this.ids.keys()];
  }
}

/**
 * Where an item's own files go in the archive, beside its media: the media path without "images/" and extension
 * ("images/Week 1/frames/a.png" -> "Week 1/frames/a"), so items of two batches with one file name never collide.
 */
export function archiveStem(item: { mediaPath: string }): string {
  return stemOf(item.mediaPath.replace(/^images\//, ''));
}

/** Where a frame's image lies in the archive: the frame's own path; for an item handed without its frames, the item's path, with "#<frame>" in a sequence. */
export function frameMediaPath(item: Pick<ExportItem, 'mediaPath' | 'frames' | 'result'>, frame: number): string {
  return item.frames[frame]?.mediaPath ?? (item.result.frameCount === 1 ? item.mediaPath : `${item.mediaPath}#${frame}`);
}

/** The paths of an upload: the files handed to a decoder and those the context says were shipped beside them. */
export function shippedPaths(files: ImportedFile[], context: DecodeContext): Set<string> {
  return new Set([...files.map((f) => f.path), ...(context.shipped ?? [])]);
}

/**
 * Finds the shipped file a reference names ("/data/upload/1/a.jpg" for "media/upload/1/a.jpg"): the one path that
 * ends with the longest tail of the reference; null where none does, or where several do and none is longer.
 */
export function shippedFinder(paths: Iterable<string>): (reference: string) => string | null {
  const byBase = new Map<string, string[]>();
  for (const path of paths) {
    const base = path.slice(path.lastIndexOf('/') + 1);
    byBase.set(base, [...(byBase.get(base) ?? []), path]);
  }
  return (reference) => {
    const parts = reference.split('/').filter((part) => part !== '');
    const candidates = byBase.get(parts[parts.length - 1] ?? '') ?? [];
    for (let i = 0; i < parts.length; i++) {
      const tail = parts.slice(i).join('/');
      const hits = candidates.filter((path) => path === tail || path.endsWith(`/${tail}`));
      if (hits.length > 0) return hits.length === 1 ? hits[0] : null;
    }
    return null;
  };
}

/** The file name without its extension, folders kept ("frames/a.png" -> "frames/a"): how YOLO and KITTI name a label file. */
export function stemOf(fileName: string): string {
  const slash = fileName.lastIndexOf('/');
  const dot = fileName.lastIndexOf('.');
  return dot > slash + 1 ? fileName.slice(0, dot) : fileName;
}
