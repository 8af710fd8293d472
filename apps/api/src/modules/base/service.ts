import {
  cleanTranslations,
  type AdminBase,
  type AdminBaseCreateBody,
  type AdminBaseListData,
  type AdminBaseUpdateBody,
  type Locale,
} from '@petheart/contracts';
import { AppError } from '../../http/errors';
import { textLangOf } from '../../lib/text-lang';
import { toAdminBase } from './presenter';
import type { BasePatch, BaseRepository } from './repository';

/** The operator console's bases (feeding stations). */
export class BaseService {
  constructor(private readonly bases: BaseRepository) {}

  async list(q: { page: number; limit: number; keyword?: string | undefined }): Promise<AdminBaseListData> {
    const { rows, total } = await this.bases.list(q);
    return { list: rows.map((r) => toAdminBase(r, r.deviceCount)), total, page: q.page, limit: q.limit };
  }

  /** `writer`: the request's language, which name and introduction are in unless the body says (issue 29 §5). */
  async create(body: AdminBaseCreateBody, writer: Locale): Promise<AdminBase> {
    if (body.operator_id !== null) await this.requireUser(body.operator_id);
    const textLang = body.text_lang ?? writer;
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
      textLang,
      translations: cleanTranslations(body.translations, textLang),
    });
    return toAdminBase(row, 0);
  }

  /**
   * Only the fields sent change. The texts' language: the body's, else the writer's when name or introduction
   * change, else as it was; translations sent replace the stored ones.
   */
  async update(body: AdminBaseUpdateBody, writer: Locale): Promise<AdminBase> {
    if (body.operator_id != null) await this.requireUser(body.operator_id);
    const current = await this.bases.byId(body.id);
    if (!current) throw new AppError('not_found');
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
    const textsChange =
      (body.name !== undefined && body.name !== current.name) ||
      (body.introduction !== undefined && body.introduction !== current.introduction);
    const textLang = body.text_lang ?? (textsChange ? writer : textLangOf(current.textLang));
    if (textLang !== current.textLang) patch.textLang = textLang;
    if (body.translations !== undefined) patch.translations = cleanTranslations(body.translations, textLang);
    const row = await this.bases.update(body.id, patch);
    if (!row) throw new AppError('not_found');
    return toAdminBase(row, await this.bases.deviceCount(row.id));
  }

  private async requireUser(id: number): Promise<void> {
    if (!(await this.bases.userExists(id))) throw new AppError('not_found');
  }
}
