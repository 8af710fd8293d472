import { PetDataSchema, PetDetailBodySchema, PetListBodySchema, PetListDataSchema } from '../content';
import { post } from '../endpoint';

const tag = 'pet';

/** /api/pet/list|detail: the pets (tourists too). */
export const petEndpoints = {
  list: post('/api/pet/list', { auth: 'none', tag, input: PetListBodySchema, data: PetListDataSchema }),
  detail: post('/api/pet/detail', { auth: 'none', tag, input: PetDetailBodySchema, data: PetDataSchema }),
};
