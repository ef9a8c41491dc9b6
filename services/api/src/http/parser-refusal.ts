// What the body parsers (body-parser, multer, Express's own decoding) refused, as the caller should read it.
import { AppError } from '@annot/core';

interface ParserError {
  type?: string;
  status?: number;
  charset?: string;
  encoding?: string;
}

export function parserRefusal(exception: unknown): AppError | null {
  if (typeof exception !== 'object' || exception === null) return null;
  const error = exception as ParserError;
  switch (error.type) {
    case 'entity.parse.failed':
    case 'entity.verify.failed':
      return new AppError(400, 'MALFORMED_JSON', 'errors.malformed_json');
    case 'entity.too.large':
      return new AppError(413, 'TOO_LARGE', 'errors.too_large');
    case 'charset.unsupported':
      return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'errors.unsupported_charset', { charset: error.charset ?? '-' });
    case 'encoding.unsupported':
      return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'errors.unsupported_encoding', { encoding: error.encoding ?? '-' });
    case 'request.aborted':
    case 'request.size.invalid':
      return new AppError(400, 'BAD_REQUEST', 'errors.bad_request');
  }
  // A body that claims gzip or deflate but does not inflate, and a path with broken percent-encoding.
  if (exception instanceof URIError || (exception as { code?: string }).code === 'Z_DATA_ERROR') {
    return new AppError(400, 'BAD_REQUEST', 'errors.bad_request');
  }
  return null;
}
