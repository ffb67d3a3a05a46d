import { queryOptions } from '@tanstack/react-query';
import type { Contractor } from '../../machines/rules/tutors.ts';
import { api } from '../api/api.ts';
import { listTutors } from '../api/calls/tutors.ts';

/** GET /contractorsalldata: the branch's tutors, in the server's order (by last name). */
export const tutorsOptions = (branchId: number) =>
  queryOptions({
    queryKey: ['contractorsalldata', branchId] as const,
    queryFn: (): Promise<Contractor[]> => listTutors(api, { branch_id: branchId }),
  });
