// Gives api and worker the same storage, files repository and thumbnails, so neither keeps bytes its own way; a context imports it.
import { Module } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { CONFIG } from '../core.module';
import { FilesRepository } from './files.repository';
import { ItemFiles } from './item-files';
import { LocalDiskStorage } from './local-disk.storage';
import { STORAGE } from './storage';
import { Thumbnails } from './thumbnails';

@Module({
  providers: [{ provide: STORAGE, inject: [CONFIG], useFactory: (config: AppConfig) => new LocalDiskStorage(config.storageDir) }, FilesRepository, Thumbnails, ItemFiles],
  exports: [STORAGE, FilesRepository, Thumbnails, ItemFiles],
})
export class StorageModule {}
