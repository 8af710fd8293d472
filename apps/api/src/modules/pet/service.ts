import type {
  AdminPet,
  AdminPetCreateBody,
  AdminPetListBody,
  AdminPetListData,
  AdminPetUpdateBody,
  Locale,
  Pet,
  PetListBody,
  PetListData,
} from '@petheart/contracts';
import { AppError } from '../../http/errors';
import type { UploadedImages } from '../content/uploaded-images';
import { toAdminPet, toPet } from './presenter';
import type { NewPet, PetRepository } from './repository';

/** The pet corner: profiles readers browse, and the console's editor for them. */
export class PetService {
  constructor(private readonly deps: { pets: PetRepository; images: UploadedImages }) {}

  async list(q: PetListBody, locale: Locale): Promise<PetListData> {
    const { rows, total } = await this.deps.pets.published({ page: q.page, limit: q.limit, baseId: q.base_id });
    return { list: rows.map((r) => toPet(r, locale)), total, page: q.page, limit: q.limit };
  }

  /** A published profile, or null. */
  async detail(id: number, locale: Locale): Promise<Pet | null> {
    const row = await this.deps.pets.byId(id, true);
    return row ? toPet(row, locale) : null;
  }

  async adminList(q: AdminPetListBody): Promise<AdminPetListData> {
    const { rows, total } = await this.deps.pets.list({ ...q, baseId: q.base_id });
    return { list: rows.map(toAdminPet), total, page: q.page, limit: q.limit };
  }

  async create(body: AdminPetCreateBody): Promise<AdminPet> {
    const id = await this.deps.pets.insert(await this.fields(body));
    return this.adminPet(id);
  }

  /** Replaces a profile's fields; `not_found` when there is none. */
  async update(body: AdminPetUpdateBody): Promise<AdminPet> {
    if (!(await this.deps.pets.update(body.id, await this.fields(body)))) throw new AppError('not_found');
    return this.adminPet(body.id);
  }

  async delete(id: number): Promise<void> {
    if (!(await this.deps.pets.delete(id))) throw new AppError('not_found');
  }

  private async adminPet(id: number): Promise<AdminPet> {
    const row = await this.deps.pets.byId(id, false);
    if (!row) throw new AppError('not_found');
    return toAdminPet(row);
  }

  /** The base must exist and the photos be uploads (kept as paths, each once). */
  private async fields(body: AdminPetCreateBody): Promise<NewPet> {
    if (!(await this.deps.pets.baseExists(body.base_id))) throw new AppError('not_found');
    const photos = [...new Set(await this.deps.images.require(body.photos.filter(Boolean)))];
    return {
      baseId: body.base_id,
      name: body.name,
      species: body.species,
      photos,
      story: body.story,
      published: body.published,
      sortOrder: body.sort_order,
    };
  }
}
