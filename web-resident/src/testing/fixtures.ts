import type { MeResponse, MyHousingCompany } from '@porta/contracts';
import type { StoredSession } from '@porta/web-kit';

export const IDS = {
  user: '0b6f3c52-1c1e-4a8e-9f5e-0d6c1f7a2b01',
  demoHc: '1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c01',
  livingHc: '1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c02',
  demoApt: '2e3d4c5b-6f7a-4b8c-9d0e-1f2a3b4c5d01',
  livingApt: '2e3d4c5b-6f7a-4b8c-9d0e-1f2a3b4c5d02',
} as const;

export function housingCompany(overrides: Partial<MyHousingCompany> = {}): MyHousingCompany {
  return {
    id: IDS.demoHc,
    hcExt: 'DEMO-1',
    name: 'As Oy Demo Porta',
    marketingName: 'Porta Demo Gardens',
    addressStreet: 'Demokatu 1',
    addressCity: 'Helsinki',
    addressCountry: 'Estonia',
    businessUnit: null,
    completionDate: '2030-01-01',
    state: 'construction',
    lifecycleStepsActive: true,
    isDemo: true,
    roles: [],
    apts: [{ id: IDS.demoApt, no: 'A 1', externalName: null, aptext: 'DEMO-1-A1', roles: ['owner'] }],
    ...overrides,
  };
}

export function meResponse(
  overrides: Partial<MeResponse> = {},
  user: Partial<MeResponse['user']> = {},
): MeResponse {
  return {
    user: {
      id: IDS.user,
      email: 'owner@demo.porta.test',
      firstName: 'Olivia',
      lastName: 'Owner',
      phone: '+358 40 123 4567',
      male: null,
      locale: 'en_US',
      publicProfile: false,
      registered: true,
      roles: ['owner'],
      isBusinessPartner: false,
      partnerCompanies: [],
      quickLinks: { projectId: IDS.demoHc, links: [] },
      dialogs: [],
      tasks: [],
      canManageSignatures: false,
      ...user,
    },
    issuer: 'portal',
    hcs: [
      housingCompany(),
      housingCompany({
        id: IDS.livingHc,
        hcExt: 'LIV-1',
        name: 'As Oy Living',
        marketingName: null,
        isDemo: false,
        state: 'living',
        apts: [{ id: IDS.livingApt, no: 'B 2', externalName: null, aptext: 'LIV-1-B2', roles: ['tenant'] }],
      }),
    ],
    selectedHousingCompanyId: IDS.demoHc,
    selectedApartmentId: IDS.demoApt,
    ...overrides,
  };
}

export const tokens = (n = 1) => ({
  accessToken: `access-token-${n}`,
  refreshToken: `refresh-token-${n}-0123456789abcdef`,
  expiresIn: 3600,
  issuer: 'portal' as const,
});

/** Put a signed-in session in storage, as a previous visit would have left it. */
export function storeSession(
  overrides: Partial<StoredSession> = {},
  storage: Storage = localStorage,
): StoredSession {
  const session: StoredSession = {
    issuer: 'portal',
    accessToken: 'stored-access-token',
    refreshToken: 'stored-refresh-token-0123456789',
    expiresAt: Date.now() + 3600_000,
    ...overrides,
  };
  storage.setItem('porta.session', JSON.stringify(session));
  return session;
}

export const features = { features: { news: { settings: {} }, calendar: { settings: {} } } };
