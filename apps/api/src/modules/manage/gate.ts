import type { Role } from '@petheart/contracts';
import { AppError } from '../../http/errors';
import type { ManageRepository } from './repository';

/**
 * Who is a base operator (decision 015): a user who runs a base (bases.operator_id), or who was credited a
 * revenue share once (has an earnings account: a former operator keeps seeing and cashing out what they
 * earned). Checked on every /api/manage/* and /api/cashout/* call; it is also the userinfo's 'operator' role.
 */
export class OperatorGate {
  constructor(private readonly repo: Pick<ManageRepository, 'operatesBase' | 'hasEarnings'>) {}

  async isOperator(userId: number): Promise<boolean> {
    return (await this.repo.operatesBase(userId)) || (await this.repo.hasEarnings(userId));
  }

  /** Throws AppError('not_operator') (403) unless the user is an operator. */
  async require(userId: number): Promise<void> {
    if (!(await this.isOperator(userId))) throw new AppError('not_operator');
  }

  /** The roles the user has by what they do: ['operator'] for operators. */
  async derivedRoles(userId: number): Promise<Role[]> {
    return (await this.isOperator(userId)) ? ['operator'] : [];
  }
}
