// The work loop over HTTP: claim from a link's pool, read an item and its media, list a project's items, act on a
// selection; the actions on one item are item-actions.controller.ts's routes, read from the item action table.
import { Body, Controller, Get, Param, Post, Query, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { AppError, type CommandContext, FilesRepository, NotFoundError } from '@annot/core';
import {
  bulkRecycleInput,
  bulkRejectInput,
  bulkReleaseInput,
  claimInput,
  cameraName,
  frameFile,
  frameMediaType,
  type ItemRouteName,
  type ItemFramesView,
  itemFramesView,
  matchItemLines,
  mayKnowWorkers,
  type Page,
  pointCloudExtension,
  pointCloudMediaType,
  recycleCsvFields,
  recycleCsvMaxBytes,
  Role,
  itemListQuery,
  withoutOtherWorkers,
} from '@annot/workflows';
import { ApiFileUpload } from '../http/api-file-upload.decorator';
import { Ctx } from '../http/command-context.decorator';
import { Versioned } from '../http/envelope';
import { sendInline } from '../http/inline-file';
import { RawResponse } from '../http/raw-response.decorator';
import { Can } from '../identity/access/can.decorator';
import { ProjectErrorGroups } from '../projects/project-error-groups.service';
import { ActOnItemsCommand, type BulkAction } from './commands/act-on-items.handler';
import { ClaimItemsCommand } from './commands/claim-items.handler';
import { OpenRuleCommand } from './commands/open-rule.handler';
import { readRecycleCsv } from './recycle-csv';
import { ItemParamsDto } from './item-actions.controller';
import { ItemMedia, sendMedia } from './item-media.service';
import { ItemReads } from './item-reads.service';
import { RuleReadings, type RuleReadingView } from './rule-readings.service';
import { ItemAccess } from './item-access.service';
import { type ItemView, ItemsRepository } from './items.repository';

class LinkParamsDto extends createZodDto(z.object({ linkId: z.uuid() })) {}
class ProjectParamsDto extends createZodDto(z.object({ projectId: z.uuid() })) {}
const frameParams = z.object({ itemId: z.guid(), index: z.coerce.number({ error: 'items.frame_index_invalid' }).int('items.frame_index_invalid').min(0, 'items.frame_index_invalid').max(100_000_000, 'items.frame_index_invalid') });
class FrameParamsDto extends createZodDto(frameParams) {}
class CameraFrameParamsDto extends createZodDto(frameParams.extend({ camera: cameraName })) {}
class ClaimDto extends createZodDto(claimInput) {}
class BulkReleaseDto extends createZodDto(bulkReleaseInput) {}
class BulkRejectDto extends createZodDto(bulkRejectInput) {}
class BulkRecycleDto extends createZodDto(bulkRecycleInput) {}
class RecycleCsvDto extends createZodDto(recycleCsvFields) {}
class ItemListQueryDto extends createZodDto(itemListQuery) {}

/** What a client acceptor reads of an item: the data and its result, nothing of who worked on it or where it is in the work loop. */
type AcceptorItemView = Pick<ItemView, 'id' | 'projectId' | 'fileName' | 'mediaType' | 'width' | 'height' | 'frameCount' | 'effective' | 'objectCount' | 'resultVersion' | 'version'>;

function acceptorItemView(item: ItemView, result: { version: number; result: unknown } | null): AcceptorItemView & { result: { version: number; result: unknown } | null } {
  const { id, projectId, fileName, mediaType, width, height, frameCount, effective, objectCount, resultVersion, version } = item;
  return { id, projectId, fileName, mediaType, width, height, frameCount, effective, objectCount, resultVersion, version, result: result && { version: result.version, result: result.result } };
}

@ApiTags('items')
@Controller('manage/items')
export class ItemsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly items: ItemsRepository,
    private readonly access: ItemAccess,
    private readonly files: ItemMedia,
    private readonly reads: ItemReads,
    private readonly readings: RuleReadings,
    private readonly stored: FilesRepository,
    private readonly errorGroups: ProjectErrorGroups,
  ) {}

  @Post('links/:linkId/claims')
  @Can('item.claim')
  async claim(@Param() params: LinkParamsDto, @Body() body: ClaimDto, @Ctx() context: CommandContext): Promise<{ items: string[] }> {
    const scope = await this.access.scope(context.actor);
    return { items: await this.commands.execute(new ClaimItemsCommand(params.linkId, body.count, scope, context, body.rework)) };
  }

  /** Opening the rule starts its countdown; claims wait until it has run. */
  @Post('projects/:projectId/rule-readings')
  @Can('item.claim')
  async openRule(@Param() params: ProjectParamsDto, @Ctx() context: CommandContext): Promise<RuleReadingView> {
    await this.access.links(context.actor, params.projectId);
    const rules = await this.readings.rules(params.projectId);
    if (rules) await this.commands.execute(new OpenRuleCommand(params.projectId, rules, context));
    return this.readings.view(params.projectId, context.actor.id);
  }

  @Get('projects/:projectId/rule-readings')
  @Can('item.claim')
  async ruleReading(@Param() params: ProjectParamsDto, @Ctx() context: CommandContext): Promise<RuleReadingView> {
    await this.access.links(context.actor, params.projectId);
    return this.readings.view(params.projectId, context.actor.id);
  }

  /** A PDF rule's file, inline, to exactly those who read the rule above: the rule's own route is the staff's. */
  @Get('projects/:projectId/rule-readings/file')
  @Can('item.claim')
  @RawResponse()
  async ruleFile(@Param() params: ProjectParamsDto, @Ctx() context: CommandContext, @Res() res: Response): Promise<void> {
    await this.access.links(context.actor, params.projectId);
    const fileId = await this.readings.fileId(params.projectId);
    const file = fileId ? await this.stored.read(fileId) : undefined;
    if (!file) throw new NotFoundError('things.file', params.projectId);
    sendInline(res, file);
  }

  @Get('projects/:projectId')
  @Can('item.list')
  async list(@Param() params: ProjectParamsDto, @Query() query: ItemListQueryDto, @Ctx() context: CommandContext): Promise<Page<ItemView>> {
    const sight = await this.access.sight(context.actor, params.projectId);
    const mine = query.mine === 'true';
    // A team sees its own items in every link (its team sight); anyone else only the links it works on.
    if (!mine && !sight.team && query.linkId && !sight.links.includes(query.linkId)) return { items: [], nextCursor: null };
    // The caller's own items wherever they are; otherwise only what it sees, filtered in the query so pages stay full.
    return this.items.list({
      projectId: params.projectId,
      linkId: query.linkId,
      linkIds: mine || sight.team ? undefined : sight.links,
      team: mine ? undefined : sight.team,
      ownerId: mine ? context.actor.id : undefined,
      status: query.status,
      batchId: query.batchId,
      effective: query.effectiveness === undefined ? undefined : query.effectiveness === 'valid',
      claimerId: query.claimerId,
      teamId: query.teamId,
      rework: query.rework === undefined ? undefined : query.rework === 'true',
      limit: query.limit,
      cursor: query.cursor,
    });
  }

  @Post('projects/:projectId/bulk-release')
  @Can('item.manage')
  bulkRelease(@Param() params: ProjectParamsDto, @Body() body: BulkReleaseDto, @Ctx() context: CommandContext): Promise<{ items: number }> {
    return this.bulk(params.projectId, body.itemIds, { name: 'release', body: {} }, context);
  }

  @Post('projects/:projectId/bulk-reject')
  @Can('item.manage')
  bulkReject(@Param() params: ProjectParamsDto, @Body() body: BulkRejectDto, @Ctx() context: CommandContext): Promise<{ items: number }> {
    return this.bulk(params.projectId, body.itemIds, { name: 'reject', body: { marks: body.marks } }, context);
  }

  @Post('projects/:projectId/bulk-recycle')
  @Can('item.manage')
  bulkRecycle(@Param() params: ProjectParamsDto, @Body() body: BulkRecycleDto, @Ctx() context: CommandContext): Promise<{ items: number }> {
    return this.bulk(params.projectId, body.itemIds, { name: 'recycle', body: { target: body.target, keepResult: body.keepResult } }, context);
  }

  /** The seed's CSV import for rework images: every line is judged first, and one refused line leaves every item where it is. */
  @Post('projects/:projectId/recycle-csv')
  @Can('item.manage')
  @ApiFileUpload('a CSV of at most 1 MB and 10,000 lines, one data ID or file name a line', {
    target: { type: 'string', description: 'annotation_pool or same_link' },
    keepResult: { type: 'string', description: 'true or false' },
  })
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: recycleCsvMaxBytes, files: 1 } }))
  async recycleCsv(
    @Param() params: ProjectParamsDto,
    @UploadedFile() upload: { buffer: Buffer } | undefined,
    @Body() body: RecycleCsvDto,
    @Ctx() context: CommandContext,
  ): Promise<{ items: number }> {
    await this.access.links(context.actor, params.projectId);
    const read = readRecycleCsv(upload);
    const { named, refused } = matchItemLines(read.lines, await this.items.named(params.projectId, read.lines.map((l) => l.value)));
    const action: BulkAction = { name: 'recycle', body: { target: body.target, keepResult: body.keepResult === 'true' } };
    const lines = { named, refused: [...read.refused, ...refused] };
    return this.commands.execute(new ActOnItemsCommand(params.projectId, named.map((n) => n.itemId), action, context, lines));
  }

  @Get('projects/:projectId/counts')
  @Can('item.list')
  async counts(@Param() params: ProjectParamsDto, @Ctx() context: CommandContext): Promise<{ linkId: string | null; status: string; count: number }[]> {
    const sight = await this.access.sight(context.actor, params.projectId);
    return (await this.items.counts(params.projectId, sight.team)).filter((c) => c.linkId && (sight.team || sight.links.includes(c.linkId)));
  }

  @Get(':itemId')
  @Can('item.read')
  async item(@Param() params: ItemParamsDto, @Ctx() context: CommandContext): Promise<Versioned<(ItemView & { actions: ItemRouteName[] } | AcceptorItemView) & { result: unknown }>> {
    const item = await this.reads.readable(params.itemId, context.actor);
    if (context.actor.role === Role.Client) return new Versioned(acceptorItemView(item, (await this.items.result(params.itemId)) ?? null), item.version);
    const [result, actions] = await Promise.all([this.items.result(params.itemId), this.reads.allowedActions(item, context.actor)]);
    return new Versioned({ ...item, result: result ?? null, actions }, item.version);
  }

  /** Only to those who may read the item, never from a guessable public path; the browser may keep it a while. */
  @Get(':itemId/media')
  @Can('item.read')
  @RawResponse()
  async media(@Param() params: ItemParamsDto, @Ctx() context: CommandContext, @Res() res: Response): Promise<void> {
    const { picture } = await this.reads.frames(params.itemId, context.actor);
    await this.reads.send(res, picture.path, picture.mediaType, `"${picture.checksum}"`);
  }

  /** The item's frames in order: one for a picture, every image of a sequence, every extracted frame of a video. */
  @Get(':itemId/frames')
  @Can('item.read')
  async frames(@Param() params: ItemParamsDto, @Ctx() context: CommandContext): Promise<ItemFramesView> {
    const found = await this.reads.frames(params.itemId, context.actor);
    return itemFramesView(found.frames, found.picture);
  }

  /** One frame's image, under the same checks and caching as the media; frame 0 of a picture is its media. */
  @Get(':itemId/frames/:index/media')
  @Can('item.read')
  @RawResponse()
  async frameMedia(@Param() params: FrameParamsDto, @Ctx() context: CommandContext, @Res() res: Response): Promise<void> {
    const found = await this.reads.frames(params.itemId, context.actor);
    const file = this.reads.frameAt(found, params.index);
    const mediaType = found.frames ? frameMediaType(file.fileName) : found.picture.mediaType;
    await this.reads.send(res, file.path, mediaType, `"${found.picture.checksum}-${params.index}"`);
  }

  /** One frame's point cloud as the import normalized it (see pointcloud/point-cloud.ts), under the same checks and caching as the media. */
  @Get(':itemId/frames/:index/points')
  @Can('item.read')
  @RawResponse()
  async framePoints(@Param() params: FrameParamsDto, @Ctx() context: CommandContext, @Res() res: Response): Promise<void> {
    const found = await this.reads.frames(params.itemId, context.actor);
    const file = this.reads.frameAt(found, params.index);
    if (!found.frames?.sensors || !file.fileName.endsWith(`.${pointCloudExtension}`)) throw new AppError(404, 'NOT_FOUND', 'items.frame_not_point_cloud');
    await this.reads.send(res, file.path, pointCloudMediaType, `"${found.picture.checksum}-${params.index}"`);
  }

  /** A camera's image at one frame of a point-cloud item, under the same checks and caching as the media. */
  @Get(':itemId/frames/:index/cameras/:camera/media')
  @Can('item.read')
  @RawResponse()
  async cameraMedia(@Param() params: CameraFrameParamsDto, @Ctx() context: CommandContext, @Res() res: Response): Promise<void> {
    const found = await this.reads.frames(params.itemId, context.actor);
    const count = found.frames?.count ?? 1;
    if (params.index >= count) throw new AppError(404, 'NOT_FOUND', 'items.frame_out_of_range', { count, index: params.index });
    const camera = found.frames?.sensors?.cameras.find((candidate) => candidate.name === params.camera);
    if (!camera) throw new AppError(404, 'NOT_FOUND', 'items.camera_not_found', { camera: params.camera });
    const image = camera.images[params.index] ?? '';
    if (image === '') throw new AppError(404, 'NOT_FOUND', 'items.camera_image_missing', { camera: camera.name, index: params.index });
    await this.reads.send(res, `${found.frames!.pathPrefix}cameras/${camera.name}/${image}`, frameMediaType(image), `"${found.picture.checksum}-${params.index}-${camera.name}"`);
  }

  /** A small preview for the lists, under the same checks and caching as the media. */
  @Get(':itemId/thumbnail')
  @Can('item.read')
  @RawResponse()
  async thumbnail(@Param() params: ItemParamsDto, @Ctx() context: CommandContext, @Res() res: Response): Promise<void> {
    const found = await this.reads.frames(params.itemId, context.actor);
    // A video's preview is its first frame's; a sequence's first frame is its own file already; a point cloud's is its first camera's first image.
    const first = frameFile(found.frames, found.picture, 0)!;
    const { checksum, mediaType } = found.picture;
    const camera = found.frames?.sensors?.cameras[0];
    const image = camera?.images[0] ? { path: `${found.frames!.pathPrefix}cameras/${camera.name}/${camera.images[0]}`, fileName: camera.images[0] } : first;
    await sendMedia(res, await this.files.thumbnail({ path: image.path, checksum, mediaType: found.frames ? frameMediaType(image.fileName) : mediaType }));
  }

  @Get(':itemId/history')
  @Can('item.list')
  async history(@Param() params: ItemParamsDto, @Ctx() context: CommandContext) {
    await this.reads.readable(params.itemId, context.actor);
    const history = await this.items.history(`item-${params.itemId}`);
    return mayKnowWorkers(context.actor.role) ? history : history.map((entry) => withoutOtherWorkers(entry, context.actor.id));
  }

  private async bulk(projectId: string, itemIds: string[], action: BulkAction, context: CommandContext): Promise<{ items: number }> {
    await this.access.links(context.actor, projectId);
    if (action.name === 'reject') await this.errorGroups.checkMarks(projectId, action.body.marks);
    return this.commands.execute(new ActOnItemsCommand(projectId, itemIds, action, context));
  }
}
