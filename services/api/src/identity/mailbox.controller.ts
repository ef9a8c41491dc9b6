// The development mailbox, where an admin reads the codes the platform sent while no mail server is set.
import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { Can } from './access/can.decorator';
import { type MailboxEntry, MailboxRepository } from './codes/mailbox.repository';

class MailboxDto extends createZodDto(z.object({ limit: z.coerce.number().int().min(1).max(200).default(50), recipient: z.string().max(100).optional() })) {}

@ApiTags('mailbox')
@Controller('manage/mailbox')
export class MailboxController {
  constructor(private readonly mailbox: MailboxRepository) {}

  @Get()
  @Can('mailbox.read')
  list(@Query() query: MailboxDto): Promise<MailboxEntry[]> {
    return this.mailbox.recent(query.limit, query.recipient);
  }
}
