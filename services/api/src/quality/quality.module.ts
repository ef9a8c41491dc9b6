// The quality gates in the API: sampled quality inspection and client acceptance.
import { Module } from '@nestjs/common';
import { AcceptanceModule } from './acceptance/acceptance.module';
import { SamplingModule } from './sampling/sampling.module';

@Module({ imports: [SamplingModule, AcceptanceModule] })
export class QualityModule {}
