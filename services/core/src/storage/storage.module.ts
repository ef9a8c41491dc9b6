// Gives api and worker the same storage, files repository and thumbnails, so neither keeps bytes its own way; a context imports it.
import { Module } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { CONFIG } from '../core.module';
import { FilesRepository } from './files.repository';
import { ItemFiles } from './item-files';
import { LocalDiskStorage } from './local-disk.storage';
import { s3Client } from './s3-client';
import { S3Storage } from './s3.storage';
import { STORAGE, type Storage } from './storage';
import { Thumbnails } from './thumbnails';

/** The bucket where one is configured, the disk folder otherwise. */
export function storageOf(config: AppConfig): Storage {
  return config.storageBucket ? new S3Storage(s3Client(config.storageBucket), config.storageBucket.bucket) : new LocalDiskStorage(config.storageDir);
}

@Module({
  providers: [{ provide: STORAGE, inject: [CONFIG], useFactory: storageOf }, FilesRepository, Thumbnails, ItemFiles],
  exports: [STORAGE, FilesRepository, Thumbnails, ItemFiles],
})
export class StorageModule {}
