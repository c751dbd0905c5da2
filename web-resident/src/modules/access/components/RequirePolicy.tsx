import type { ReactNode } from 'react';
import { Loader } from '../../../shared/ui/Loader';
import { useCurrentUser } from '../../startup';
import { checkPolicy, type RoutePolicy } from '../utils/policies';
import { InsufficientPrivileges } from './InsufficientPrivileges';

/**
 * A route's role and feature policy (01 §6): the page when allowed, else the insufficient-privileges
 * view. While the features of a newly chosen housing company load, a loader.
 */
export function RequirePolicy({ policy, children }: { policy?: RoutePolicy; children: ReactNode }) {
  const { me, features, featuresLoading } = useCurrentUser();
  if (!policy) return children;
  if (policy.features && featuresLoading) return <Loader />;
  const outcome = checkPolicy(policy, me, features);
  return outcome === 'allowed' ? children : <InsufficientPrivileges reason={outcome} />;
}
