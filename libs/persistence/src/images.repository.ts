import { Inject, Injectable } from '@nestjs/common';
import { DuplicateRecordError, isUniqueViolation } from './errors.js';
import type { Image } from './generated/sqlite/client.js';
import { selectImageByName } from './image-statements.js';
import type { ImageRecord, NewImage } from './image.types.js';
import { PrismaService } from './prisma.service.js';

function toRecord(row: Image): ImageRecord {
  const { id: _id, ...rest } = row;
  return rest;
}

/** Image records; names are matched exactly (they are also directory names). */
@Injectable()
export class ImagesRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  private get db() {
    return this.prisma.client;
  }

  async findByName(imagename: string): Promise<ImageRecord | null> {
    const row = await selectImageByName(this.prisma.direct, imagename);
    return row && toRecord(row);
  }

  /** Every image, by name. */
  async list(): Promise<ImageRecord[]> {
    const rows = await this.db.image.findMany({ orderBy: { imagename: 'asc' } });
    return rows.map(toRecord);
  }

  /** @throws DuplicateRecordError when the name is taken (the unique key decides races). */
  async create(image: NewImage): Promise<ImageRecord> {
    try {
      return toRecord(await this.db.image.create({ data: { ...image } }));
    } catch (e) {
      if (isUniqueViolation(e)) throw new DuplicateRecordError('image', image.imagename);
      throw e;
    }
  }

  /** Returns whether a row was deleted; a missing image is not an error. */
  async delete(imagename: string): Promise<boolean> {
    const { count } = await this.db.image.deleteMany({ where: { imagename } });
    return count > 0;
  }
}
