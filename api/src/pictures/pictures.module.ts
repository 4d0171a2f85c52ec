import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { GridFsPictureStore } from '../database/gridfs-picture-store';
import { PICTURE_STORE } from './picture-store';
import { PictureImportRecord, PictureImportSchema, PictureRecord, PictureSchema } from './picture.schema';
import { PicturesController } from './pictures.controller';
import { PicturesRepository } from './pictures.repository';
import { PICTURE_RESOLVER, PicturesService } from './pictures.service';
import { S3PictureStore } from './s3-picture-store';
import { systemResolver } from './safe-fetch';

/** Pictures held by the site: uploads, imports from URLs (a claimed job), and the sizes served under /pictures. */
@Global()
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: PictureRecord.name, schema: PictureSchema },
      { name: PictureImportRecord.name, schema: PictureImportSchema },
    ]),
  ],
  controllers: [PicturesController],
  providers: [
    PicturesRepository,
    PicturesService,
    GridFsPictureStore,
    { provide: PICTURE_RESOLVER, useValue: systemResolver },
    {
      provide: PICTURE_STORE,
      inject: [APP_CONFIG, GridFsPictureStore],
      // GridFS in the API's database unless a bucket is named.
      useFactory: (config: AppConfig, gridFs: GridFsPictureStore) =>
        config.pictures.bucket
          ? new S3PictureStore({
              bucket: config.pictures.bucket,
              endpoint: config.pictures.s3Endpoint,
              region: config.pictures.s3Region,
            })
          : gridFs,
    },
  ],
  exports: [PicturesService],
})
export class PicturesModule {}
