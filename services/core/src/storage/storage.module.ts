// Gives api and worker the same storage and files repository, so neither keeps bytes its own way; a context imports it.
import { Module } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { CONFIG } from '../core.module';
import { FilesRepository } from './files.repository';
import { LocalDiskStorage } from './local-disk.storage';
import { STORAGE } from './storage';

@Module({
  providers: [{ provide: STORAGE, inject: [CONFIG], useFactory: (config: AppConfig) => new LocalDiskStorage(config.storageDir) }, FilesRepository],
  exports: [STORAGE, FilesRepository],
})
export class StorageModule {}
