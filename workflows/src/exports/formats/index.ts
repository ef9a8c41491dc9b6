// Every export format's encoder and every annotation import format's decoder, by the format's name: pictures (COCO,
// VOC, YOLO, KITTI, rule-mapped JSON), tracks (MOT, KITTI tracking, COCO video) and both (OpenLABEL).
import type { AnnotationDecoder, EncoderFactory, ExportFormat } from '../format';
import { cocoEncoder, decodeCoco } from './coco';
import { cocoVideoEncoder, decodeCocoVideo } from './coco-video';
import { decodeKitti, kittiEncoder } from './kitti';
import { decodeKittiTracking, kittiTrackingEncoder } from './kitti-tracking';
import { decodeMot, motEncoder } from './mot';
import { decodeOpenlabel, openlabelEncoder } from './openlabel';
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
  mot: motEncoder,
  kitti_tracking: kittiTrackingEncoder,
  coco_video: cocoVideoEncoder,
};

export const annotationDecoders: Record<ExportFormat, AnnotationDecoder> = {
  coco: decodeCoco,
  voc: decodeVoc,
  yolo: decodeYolo,
  kitti: decodeKitti,
  openlabel: decodeOpenlabel,
  rule_json: decodeRuleJson,
  mot: decodeMot,
  kitti_tracking: decodeKittiTracking,
  coco_video: decodeCocoVideo,
};

export { cocoDocumentPath } from './coco';
export { cocoVideoDocumentPath } from './coco-video';
export { kittiTypeOf } from './kitti';
export { openlabelDocument } from './openlabel';
export { ruleJsonFields, ruleJsonPath } from './rule-json';
