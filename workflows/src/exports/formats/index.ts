// Every export format's encoder and every annotation import format's decoder, by the format's name.
import type { AnnotationDecoder, EncoderFactory, ExportFormat } from '../format';
import { cocoEncoder, decodeCoco } from './coco';
import { cocoPanopticEncoder } from './coco-panoptic';
import { exportOnly } from './masks-import';
import { masksEncoder } from './masks';
import { decodeKitti, kittiEncoder } from './kitti';
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
  coco_panoptic: cocoPanopticEncoder,
  masks: masksEncoder,
};

export const annotationDecoders: Record<ExportFormat, AnnotationDecoder> = {
  coco: decodeCoco,
  voc: decodeVoc,
  yolo: decodeYolo,
  kitti: decodeKitti,
  openlabel: decodeOpenlabel,
  rule_json: decodeRuleJson,
  coco_panoptic: exportOnly('COCO panoptic'),
  masks: exportOnly('PNG masks'),
};

export { cocoDocumentPath } from './coco';
export { cocoPanopticDocumentPath, cocoPanopticFolder } from './coco-panoptic';
export { masksFolder } from './masks';
export { exportOnlyFormats } from './masks-import';
export { kittiTypeOf } from './kitti';
export { openlabelDocument } from './openlabel';
export { ruleJsonFields, ruleJsonPath } from './rule-json';
