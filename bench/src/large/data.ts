/**
 * The vocabulary of the large data set: where the housing companies are (building-taxonomy terms
 * per country and city), what their streets and residents are called, and which feature toggles
 * exist globally and per term. Everything else is derived from row numbers in SQL (plan.ts).
 */

/** A country: the root building-taxonomy term, with its cities as child terms. */
export interface Country {
  codename: string;
  name: string;
  /** The residents' usual locale (03 §9 languages). */
  locale: string;
  businessUnit: string;
  cities: string[];
  /** Share of the housing companies, in per mille of all; the shares add up to 1000. */
  share: number;
  firstNames: string[];
  lastNames: string[];
  streets: string[];
}

export const COUNTRIES: Country[] = [
  {
    codename: 'finland',
    name: 'Finland',
    locale: 'fi_FI',
    businessUnit: 'Housing Finland',
    cities: ['Helsinki', 'Espoo', 'Vantaa', 'Tampere', 'Turku', 'Oulu', 'Jyväskylä', 'Lahti', 'Kuopio'],
    share: 640,
    firstNames: [
      'Aino',
      'Eino',
      'Helmi',
      'Onni',
      'Aada',
      'Leo',
      'Sofia',
      'Elias',
      'Emilia',
      'Oliver',
      'Ella',
      'Väinö',
      'Linnea',
      'Eetu',
      'Saara',
      'Juho',
      'Venla',
      'Mikko',
      'Kaisa',
      'Tuomas',
      'Johanna',
      'Pekka',
      'Riikka',
      'Antti',
    ],
    lastNames: [
      'Korhonen',
      'Virtanen',
      'Mäkinen',
      'Nieminen',
      'Mäkelä',
      'Hämäläinen',
      'Laine',
      'Heikkinen',
      'Koskinen',
      'Järvinen',
      'Lehtonen',
      'Lehtinen',
      'Saarinen',
      'Salminen',
      'Heinonen',
      'Niemi',
      'Heikkilä',
      'Kinnunen',
      'Salonen',
      'Turunen',
      'Salo',
      'Laitinen',
      'Tuominen',
      'Rantanen',
      'Karjalainen',
      'Jokinen',
      'Mattila',
      'Savolainen',
      'Lahtinen',
      'Ahonen',
    ],
    streets: [
      'Satamakatu',
      'Mannerheimintie',
      'Koivukuja',
      'Rantatie',
      'Puistokatu',
      'Kirkkokatu',
      'Lehmustie',
      'Myllypolku',
      'Kalliotie',
      'Järvenranta',
      'Tapiolantie',
      'Hämeenkatu',
    ],
  },
  {
    codename: 'estonia',
    name: 'Estonia',
    locale: 'et_EE',
    businessUnit: 'Housing Baltics',
    cities: ['Tallinn', 'Tartu'],
    share: 90,
    firstNames: ['Mari', 'Jaan', 'Kadri', 'Toomas', 'Liis', 'Andres', 'Kristiina', 'Rein'],
    lastNames: ['Tamm', 'Saar', 'Sepp', 'Mägi', 'Kask', 'Kukk', 'Rebane', 'Ilves', 'Pärn', 'Koppel'],
    streets: ['Pärnu mnt', 'Narva mnt', 'Tartu mnt', 'Kalaranna', 'Rotermanni'],
  },
  {
    codename: 'latvia',
    name: 'Latvia',
    locale: 'lv_LV',
    businessUnit: 'Housing Baltics',
    cities: ['Riga'],
    share: 50,
    firstNames: ['Anna', 'Jānis', 'Līga', 'Andris', 'Ilze', 'Māris'],
    lastNames: ['Bērziņš', 'Kalniņš', 'Ozoliņš', 'Jansons', 'Liepiņš', 'Krūmiņš'],
    streets: ['Brīvības iela', 'Krasta iela', 'Skanstes iela'],
  },
  {
    codename: 'lithuania',
    name: 'Lithuania',
    locale: 'lt_LT',
    businessUnit: 'Housing Baltics',
    cities: ['Vilnius', 'Kaunas'],
    share: 60,
    firstNames: ['Ona', 'Jonas', 'Rūta', 'Tomas', 'Eglė', 'Mantas'],
    lastNames: ['Kazlauskas', 'Jankauskas', 'Petrauskas', 'Stankevičius', 'Vasiliauskas', 'Žukauskas'],
    streets: ['Gedimino pr.', 'Konstitucijos pr.', 'Ukmergės g.'],
  },
  {
    codename: 'czechia',
    name: 'Czech Republic',
    locale: 'cs_CZ',
    businessUnit: 'Housing CEE',
    cities: ['Prague', 'Brno'],
    share: 70,
    firstNames: ['Jana', 'Jan', 'Petra', 'Tomáš', 'Lucie', 'Martin'],
    lastNames: ['Novák', 'Svoboda', 'Novotný', 'Dvořák', 'Černý', 'Procházka'],
    streets: ['Vinohradská', 'Na Poříčí', 'Holešovická'],
  },
  {
    codename: 'slovakia',
    name: 'Slovakia',
    locale: 'sk_SK',
    businessUnit: 'Housing CEE',
    cities: ['Bratislava'],
    share: 40,
    firstNames: ['Mária', 'Peter', 'Zuzana', 'Michal', 'Katarína', 'Juraj'],
    lastNames: ['Horváth', 'Kováč', 'Varga', 'Tóth', 'Nagy', 'Baláž'],
    streets: ['Mlynské nivy', 'Karadžičova', 'Einsteinova'],
  },
  {
    codename: 'poland',
    name: 'Poland',
    locale: 'pl_PL',
    businessUnit: 'Housing CEE',
    cities: ['Warsaw', 'Kraków', 'Gdańsk'],
    share: 50,
    firstNames: ['Anna', 'Piotr', 'Katarzyna', 'Tomasz', 'Agnieszka', 'Paweł'],
    lastNames: ['Nowak', 'Kowalski', 'Wiśniewski', 'Wójcik', 'Kowalczyk', 'Kamiński'],
    streets: ['Marszałkowska', 'Prosta', 'Grunwaldzka'],
  },
];

/** A city term: a child of its country's term; housing companies belong to city terms. */
export interface City {
  codename: string;
  name: string;
  country: Country;
}

/** Lower-case ASCII for codenames and e-mail addresses. */
export function ascii(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export const CITIES: City[] = COUNTRIES.flatMap((country) =>
  country.cities.map((name) => ({ codename: `${country.codename}-${ascii(name)}`, name, country })),
);

/** The codename prefix of every term the large data set owns (its reset removes them). */
export const TERM_PREFIX = 'large-';

/**
 * A feature toggle of the data set. `scope` is 'global', a country codename or a city codename;
 * settings follow the feature's schema (libs/contracts identity/features.ts).
 */
export interface ToggleSpec {
  featureId: string;
  scope: string;
  settings?: Record<string, unknown>;
  active?: boolean;
  /** Days from now; negative is in the past. */
  visibleFromDays?: number;
  visibleUntilDays?: number;
  languages?: string[];
}

/** On everywhere unless a term says otherwise (news and calendar are always on without a toggle). */
const GLOBAL_FEATURES: ToggleSpec[] = [
  { featureId: 'service-lounge', scope: 'global' },
  { featureId: 'material-selection', scope: 'global', settings: { disableStudioIntegration: false } },
  { featureId: 'service-requests', scope: 'global' },
  { featureId: 'warranty', scope: 'global' },
  { featureId: 'area-discussion', scope: 'global' },
  { featureId: 'neighbours', scope: 'global' },
  { featureId: 'documents', scope: 'global' },
  { featureId: 'faq', scope: 'global' },
  { featureId: 'admin-help-section', scope: 'global' },
  { featureId: 'partner-company-detail-cards', scope: 'global' },
  { featureId: 'yit-corporation-news', scope: 'global', languages: ['fi', 'sv', 'en'] },
  { featureId: 'public-discussion', scope: 'global', active: false },
  { featureId: 'hab', scope: 'global', active: false },
  { featureId: 'iot-movement-sensor', scope: 'global', active: false },
  {
    featureId: 'navigationlink',
    scope: 'global',
    settings: {
      links: [{ title: 'Residents’ guide', href: 'https://example.org/guide', target: '_blank' }],
    },
  },
];

/** Per country and per city: what differs from the global toggles. */
function termToggles(): ToggleSpec[] {
  const toggles: ToggleSpec[] = [];
  for (const country of COUNTRIES) {
    toggles.push({
      featureId: 'one4all-bookings',
      scope: country.codename,
      settings: { moduleId: `one4all-${country.codename}`, navigationOrderNumber: 35 },
    });
    toggles.push({
      featureId: 'documentsv2',
      scope: country.codename,
      active: country.codename === 'finland',
    });
    if (country.codename !== 'finland') {
      toggles.push({ featureId: 'area-discussion', scope: country.codename, active: false });
      toggles.push({ featureId: 'yit-corporation-news', scope: country.codename, active: false });
    } else {
      // Recommended articles (a Finnish feed) in Finnish and Swedish.
      toggles.push({ featureId: 'atp-feed', scope: country.codename, languages: ['fi', 'sv'] });
    }
  }
  CITIES.forEach((city, i) => {
    toggles.push({
      featureId: 'consumption',
      scope: city.codename,
      settings: { water: true, electricity: i % 2 === 0, temperature: i % 3 === 0 },
      active: i % 4 !== 3,
    });
    if (i % 2 === 0) {
      toggles.push({
        featureId: 'electrolux-bookings',
        scope: city.codename,
        settings: { showMainNavigationLink: i % 4 === 0 },
      });
    }
    if (i % 3 === 0) {
      toggles.push({
        featureId: 'project-camera',
        scope: city.codename,
        settings: { url: `https://camera.example.org/${city.codename}`, navigationOrderNumber: 25 },
      });
    }
    if (i % 5 === 1) {
      // Scheduled: visible from next month for a quarter.
      toggles.push({
        featureId: 'atp-feed',
        scope: city.codename,
        visibleFromDays: 30,
        visibleUntilDays: 120,
      });
    }
    if (i % 6 === 2)
      toggles.push({ featureId: 'email-letters', scope: city.codename, languages: ['fi', 'sv'] });
    if (i % 7 === 4) toggles.push({ featureId: 'service-requests', scope: city.codename, active: false });
  });
  return toggles;
}

export const TOGGLES: ToggleSpec[] = [...GLOBAL_FEATURES, ...termToggles()];

/** Streets across every country, paired with the country of their housing companies. */
export const STREETS = COUNTRIES.flatMap((c) => c.streets.map((street) => ({ street, country: c })));
