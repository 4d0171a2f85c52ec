import {
  BadRequestException,
  Controller,
  Get,
  NotFoundException,
  Param,
  PayloadTooLargeException,
  Post,
  Req,
  Res,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AcceptsFirebaseIdToken, Public } from '../auth/public.decorator';
import { CONTENT_TYPES } from './picture-processor';
import { PICTURE_ID, PICTURE_WIDTHS, type PictureFormat } from './picture.model';
import { UploadedPictureResponse } from './picture.responses';
import { PicturesService } from './pictures.service';

const FILE_NAME = /^(\d{2,4})\.(avif|webp|jpg)$/;

@ApiTags('pictures')
@ApiBearerAuth('api')
@Controller('pictures')
export class PicturesController {
  constructor(private readonly pictures: PicturesService) {}

  /**
   * A picture file from the person's device. Also with the Firebase ID token: Register uploads the photo before the
   * browser has its API token.
   */
  @Post()
  @AcceptsFirebaseIdToken()
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } },
  })
  @ApiCreatedResponse({ type: UploadedPictureResponse, description: 'Checked, re-encoded and kept' })
  @ApiBadRequestResponse({ description: 'Not a JPEG, PNG, WebP, AVIF or GIF picture, or over the pixel limit' })
  @ApiPayloadTooLargeResponse({ description: 'Over 10 MB' })
  async upload(@Req() req: FastifyRequest): Promise<UploadedPictureResponse> {
    const tooLarge = `A picture must be at most ${this.pictures.uploadLimitText}`;
    if (Number(req.headers['content-length']) > this.pictures.maxUploadBytes + 64 * 1024)
      throw new PayloadTooLargeException(tooLarge);
    let bytes: Buffer;
    try {
      const file = await req.file({ limits: { fileSize: this.pictures.maxUploadBytes, files: 1, fields: 4 } });
      if (!file) throw new BadRequestException('Send the picture as the file field of a multipart/form-data body');
      bytes = await file.toBuffer();
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeException(tooLarge);
      if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
        throw new BadRequestException('Send the picture as the file field of a multipart/form-data body');
      throw err;
    }
    const kept = await this.pictures.upload(bytes);
    return { ...kept, url: this.pictures.urlOf(kept.id) };
  }

  /** One size of a held picture; its URL never changes what it names, so browsers keep it for a year. */
  @Public()
  @Get(':id/:file')
  @ApiProduces(...Object.values(CONTENT_TYPES))
  @ApiOkResponse({
    description: `The picture at one of the widths ${PICTURE_WIDTHS.join(', ')} (never enlarged), as avif, webp or jpg`,
  })
  @ApiNotFoundResponse({ description: 'No such picture or size' })
  async serve(
    @Param('id') id: string,
    @Param('file') file: string,
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
  ): Promise<void> {
    const name = FILE_NAME.exec(file);
    if (!PICTURE_ID.test(id) || !name) throw new NotFoundException('No such picture');
    const [, width, format] = name;
    const etag = `"${id}-${width}.${format}"`;
    void res.headers({ 'Cache-Control': 'public, max-age=31536000, immutable', ETag: etag });
    if (
      String(req.headers['if-none-match'] ?? '')
        .split(/\s*,\s*/)
        .some((t) => t.replace(/^W\//, '') === etag)
    ) {
      void res.code(304).send();
      return;
    }
    const body = await this.pictures.variant(id, Number(width), format as PictureFormat);
    if (!body) {
      void res.removeHeader('Cache-Control').removeHeader('ETag');
      throw new NotFoundException('No such picture');
    }
    void res
      .code(200)
      .type(CONTENT_TYPES[format as PictureFormat])
      .send(body);
  }
}
