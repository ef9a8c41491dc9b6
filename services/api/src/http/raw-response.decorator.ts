// Marks a route whose answer is not wrapped in the envelope (event streams, static files).
import { SetMetadata } from '@nestjs/common';

export const rawResponseKey = 'raw-response';
export const RawResponse = () => SetMetadata(rawResponseKey, true);
