// A client of an S3-compatible store (AWS S3, MinIO, Tencent COS, Aliyun OSS) as its configuration names it.
import { S3Client } from '@aws-sdk/client-s3';
import type { ObjectStoreConfig } from '../config/config';

export function s3Client(store: ObjectStoreConfig): S3Client {
  return new S3Client({
    endpoint: store.endpoint ?? undefined,
    region: store.region,
    forcePathStyle: store.forcePathStyle,
    credentials: { accessKeyId: store.accessKeyId, secretAccessKey: store.secretAccessKey },
    // S3-compatible stores do not all understand the SDK's newer default checksums; send them only where required.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
