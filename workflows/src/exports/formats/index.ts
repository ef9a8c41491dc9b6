// Every export format's encoder and every annotation import format's decoder, by the format's name: pictures (COCO,
// VOC, YOLO, KITTI, rule-mapped JSON), tracks (MOT, KITTI tracking, COCO video), both (OpenLABEL) and painted masks
// (COCO panoptic, PNG masks), and point clouds (KITTI 3D, KITTI tracking and OpenLABEL with cuboids,
// nuScenes-style tables, per-point labels).
import type { AnnotationDecoder, EncoderFactory, ExportFormat } from '../format';
import { cocoEncoder, decodeCoco } from './coco';
import { cocoPanopticEncoder } from './coco-panoptic';
import { decodeCvat } from './cvat';
import { cvatImagesEncoder } from './cvat-images';
import { cvatVideoEncoder } from './cvat-video';
import { datumaroEncoder, decodeDatumaro } from './datumaro';
import { decodeLabelStudio, labelStudioEncoder } from './label-studio';
import { decodeMasks } from './masks-import';
import { decodeCocoPanoptic } from './coco-panoptic-import';
import { masksEncoder } from './masks';
import { cocoVideoEncoder, decodeCocoVideo } from './coco-video';
import { decodeKitti, kittiEncoder } from './kitti';
import { decodeKitti3d, kitti3dEncoder } from './kitti-3d';
import { decodeKittiTracking, kittiTrackingEncoder } from './kitti-tracking';
import { decodeNuscenes, nuscenesEncoder } from './nuscenes';
import { decodePointLabels, pointLabelsEncoder } from './point-labels';
import { decodeMot, motEncoder } from './mot';
import { openlabelEncoder } from './openlabel';
import { decodeOpenlabel } from './openlabel-import';
import { decodeRuleJson, ruleJsonEncoder } from './rule-json';
import { decodeVoc, vocEncoder } from './voc';
import { decodeYolo, yoloEncoder } from './yolo';

export const exportEncoders: Record<ExportFormat, EncoderFactory> = {
  coco: cocoEncoder,
  voc: vocEncoder,
  yolo: yoloEncoder,
  kitti: kittiEncoder,
  openlabel: openlabelEncoder,
  rule_json: ruleJsonEncoder,
  coco_panoptic: cocoPanopticEncoder,
  masks: masksEncoder,
  mot: motEncoder,
  kitti_tracking: kittiTrackingEncoder,
  coco_video: cocoVideoEncoder,
  kitti_3d: kitti3dEncoder,
  nuscenes: nuscenesEncoder,
  point_labels: pointLabelsEncoder,
  cvat_images: cvatImagesEncoder,
  cvat_video: cvatVideoEncoder,
  label_studio: labelStudioEncoder,
  datumaro: datumaroEncoder,
};

export const annotationDecoders: Record<ExportFormat, AnnotationDecoder> = {
  coco: decodeCoco,
  voc: decodeVoc,
  yolo: decodeYolo,
  kitti: decodeKitti,
  openlabel: decodeOpenlabel,
  rule_json: decodeRuleJson,
  coco_panoptic: decodeCocoPanoptic,
  masks: decodeMasks,
  mot: decodeMot,
  kitti_tracking: decodeKittiTracking,
  coco_video: decodeCocoVideo,
  kitti_3d: decodeKitti3d,
  nuscenes: decodeNuscenes,
  point_labels: decodePointLabels,
  cvat_images: decodeCvat,
  cvat_video: decodeCvat,
  label_studio: decodeLabelStudio,
  datumaro: decodeDatumaro,
};

export { cocoDocumentPath } from './coco';
export { cocoPanopticDocumentPath, cocoPanopticFolder } from './coco-panoptic';
export { cocoVideoDocumentPath } from './coco-video';
export { masksFolder } from './masks';
export { colourKeysOf, masksOfKeys } from './png-masks';
export { kittiTypeOf } from './kitti';
export { openlabelDocument } from './openlabel';
export { ruleJsonFields, ruleJsonPath } from './rule-json';
export { nuscenesFolder } from './nuscenes';
export { pointLabelsClassesPath } from './point-labels';
export { motChallengeClasses } from './mot';
export { readSeqinfo, type SeqInfo } from './seqinfo';
export { type CocoAnnotation, type CocoCategory, type CocoImage, cocoLists, CocoReading, missingLists } from './coco-reading';
export { jsonFaultDetail, jsonSyntaxDetail } from './parse-errors';
export { JsonFaultFinder } from './json-fault';
