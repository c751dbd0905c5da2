import {
  type AccessTokenClaims,
  effectiveRoles,
  type Issuer,
  type Role,
  type RoleHolding,
} from '@porta/contracts';

/**
 * Who is asking: the user, their global roles (aliases applied), the housing companies and
 * apartments they hold roles in, and their partner companies. Built from a verified access token.
 */
export class Principal {
  readonly userId: string;
  readonly sessionId: string;
  readonly issuer: Issuer;
  readonly name: string;
  /** Global roles with the yitUser, contributor and partner aliases applied. */
  readonly roles: ReadonlySet<Role>;
  /** Housing company id → roles on the company and on its apartments (aliases applied). */
  readonly housingCompanies: ReadonlyMap<string, ReadonlySet<Role>>;
  /** Apartment id → its housing company and the roles held on it. */
  readonly apartments: ReadonlyMap<string, { housingCompanyId: string; roles: ReadonlySet<Role> }>;
  readonly partnerCompanies: ReadonlySet<string>;
  /** The user's membership version the token was made with (identity's revocations compare it). */
  readonly membershipVersion: number;
  /** The verified claims it was made from (passed on when a service asks another for the caller). */
  readonly claims: AccessTokenClaims;

  constructor(claims: AccessTokenClaims) {
    this.claims = claims;
    this.userId = claims.sub;
    this.sessionId = claims.sid;
    this.issuer = claims.idp;
    this.name = claims.name;
    this.roles = effectiveRoles(claims.roles);
    const hcRoles = new Map<string, Set<Role>>();
    for (const [hc, roles] of Object.entries(claims.hcs)) hcRoles.set(hc, new Set(roles));
    const apartments = new Map<string, { housingCompanyId: string; roles: ReadonlySet<Role> }>();
    for (const [apt, [hc, roles]] of Object.entries(claims.apts)) {
      apartments.set(apt, { housingCompanyId: hc, roles: new Set(roles) });
      const set = hcRoles.get(hc) ?? new Set<Role>();
      for (const r of roles) set.add(r);
      hcRoles.set(hc, set);
    }
    this.housingCompanies = new Map([...hcRoles].map(([hc, roles]) => [hc, effectiveRoles(roles)]));
    this.apartments = apartments;
    this.partnerCompanies = new Set(claims.pcs);
    this.membershipVersion = claims.ver;
  }

  /** The roles as the staff access table counts them: global, held in some housing company, partner companies. */
  get holding(): RoleHolding {
    const inCompanies = new Set<Role>();
    for (const held of this.housingCompanies.values()) for (const role of held) inCompanies.add(role);
    return { global: this.roles, inCompanies, partnerCompanies: this.partnerCompanies.size };
  }

  get isAdmin(): boolean {
    return this.roles.has('admin');
  }

  /** Holds one of the roles globally (admin passes all). */
  hasRole(...roles: Role[]): boolean {
    return this.isAdmin || roles.some((r) => this.roles.has(r));
  }

  /** Holds one of the roles in the housing company (on the company or one of its apartments), or globally. */
  hasRoleIn(housingCompanyId: string, ...roles: Role[]): boolean {
    if (this.hasRole(...roles)) return true;
    const held = this.housingCompanies.get(housingCompanyId);
    return !!held && roles.some((r) => held.has(r));
  }

  /** Is a member of the housing company in any role. */
  belongsTo(housingCompanyId: string): boolean {
    return this.housingCompanies.has(housingCompanyId);
  }

  housingCompanyIds(): string[] {
    return [...this.housingCompanies.keys()];
  }
}
