import type { AdminUser, AdminUserListData } from '@petheart/contracts';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../http/errors';
import type { TokenService } from '../token/service';
import { toAdminUser } from '../user/presenter';
import type { UserRepository } from '../user/repository';

export interface AdminUserServiceDeps {
  users: UserRepository;
  tokens: TokenService;
  clock: Clock;
}

/** The operator console's user management. */
export class AdminUserService {
  constructor(private readonly deps: AdminUserServiceDeps) {}

  async list(query: { page: number; limit: number; keyword?: string | undefined }): Promise<AdminUserListData> {
    const { rows, total } = await this.deps.users.list(query);
    return { list: rows.map(toAdminUser), total, page: query.page, limit: query.limit };
  }

  async detail(id: number): Promise<AdminUser> {
    const user = await this.deps.users.byId(id);
    if (!user) throw new AppError('not_found');
    return toAdminUser(user);
  }

  /** Disables an account and ends all its logins at once. An admin cannot disable themself. */
  async disable(actorId: number, id: number): Promise<AdminUser> {
    if (actorId === id) throw new AppError('forbidden');
    const user = await this.deps.users.update(id, { status: 'disabled' }, this.deps.clock.now());
    if (!user) throw new AppError('not_found');
    await this.deps.tokens.revokeAll(id);
    return toAdminUser(user);
  }

  async enable(id: number): Promise<AdminUser> {
    const user = await this.deps.users.update(id, { status: 'normal' }, this.deps.clock.now());
    if (!user) throw new AppError('not_found');
    return toAdminUser(user);
  }
}
