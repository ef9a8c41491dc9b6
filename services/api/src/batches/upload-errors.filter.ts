// Says what went wrong with a batch upload in the batch's own words: over 200 MB, or more than one file.
import { type ArgumentsHost, BadRequestException, Catch, PayloadTooLargeException } from '@nestjs/common';
import { AppError } from '@annot/core';
import { AppExceptionFilter } from '../http/app-exception.filter';

@Catch()
export class UploadErrorsFilter extends AppExceptionFilter {
  override catch(exception: unknown, host: ArgumentsHost): void {
    if (exception instanceof PayloadTooLargeException) {
      return super.catch(new AppError(413, 'TOO_LARGE', 'batches.zip_too_large'), host);
    }
    if (exception instanceof BadRequestException) {
      return super.catch(new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, [{ field: 'file', messageKey: 'batches.one_file' }]), host);
    }
    return super.catch(exception, host);
  }
}
