import type { AdminBase, AdminBaseCreateBody, AdminBaseListData, AdminBaseUpdateBody } from '@petheart/contracts';
import { AppError } from '../../http/errors';
import { toAdminBase } from './presenter';
import type { BasePatch, BaseRepository } from './repository';

/** The operator console's bases (feeding stations). */
export class BaseService {
  constructor(private readonly bases: BaseRepository) {}

  async list(q: { page: number; limit: number; keyword?: string | undefined }): Promise<AdminBaseListData> {
    const { rows, total } = await this.bases.list(q);
    return { list: rows.map((r) => toAdminBase(r, r.deviceCount)), total, page: q.page, limit: q.limit };
  }

  async create(body: AdminBaseCreateBody): Promise<AdminBase> {
    if (body.operator_id !== null) await this.requireUser(body.operator_id);
    const row = await this.bases.insert({
      name: body.name,
      address: body.address,
      latitude: body.latitude,
      longitude: body.longitude,
      animalCount: body.animal_count,
      photos: body.photos,
      introduction: body.introduction,
      operatorId: body.operator_id,
      locationPublic: body.location_public,
    });
    return toAdminBase(row, 0);
  }

  async update(body: AdminBaseUpdateBody): Promise<AdminBase> {
    if (body.operator_id != null) await this.requireUser(body.operator_id);
    const patch: BasePatch = {};
    if (body.name !== undefined) patch.name = body.name;
    if (body.address !== undefined) patch.address = body.address;
    if (body.latitude !== undefined) patch.latitude = body.latitude;
    if (body.longitude !== undefined) patch.longitude = body.longitude;
    if (body.animal_count !== undefined) patch.animalCount = body.animal_count;
    if (body.photos !== undefined) patch.photos = body.photos;
    if (body.introduction !== undefined) patch.introduction = body.introduction;
    if (body.operator_id !== undefined) patch.operatorId = body.operator_id;
    if (body.location_public !== undefined) patch.locationPublic = body.location_public;
    const row = await this.bases.update(body.id, patch);
    if (!row) throw new AppError('not_found');
    return toAdminBase(row, await this.bases.deviceCount(row.id));
  }

  private async requireUser(id: number): Promise<void> {
    if (!(await this.bases.userExists(id))) throw new AppError('not_found');
  }
}
