import { WELCOME_ARTICLE_CODENAME } from '@porta/contracts';
import type { ContentDb } from '../context.js';
import {
  type ArticleTexts,
  articles,
  type CalendarTexts,
  calendarEntries,
  type Variants,
} from '../db/schema.js';
import { addDays } from '../domain/clock.js';
import { audienceOf } from '../domain/reader.js';
import { SWEDISH_ARTICLES, SWEDISH_ENTRIES } from './swedish.js';
import type { DemoHousingCompanies } from './types.js';

/*
 * Demo news and calendar (02 §2–§4): Harbour View is under construction (welcome article,
 * construction news, material-selection deadlines), Linden Court is lived in (news of every
 * type, a priority notice, a sticky announcement, events, tasks and a deadline in the coming
 * weeks, a past event, an archived and a board-only article, one scheduled article), Birch Hill
 * has a couple of items, and one article goes to every housing company. Items already published
 * count as announced (no notification burst when the demo starts); scheduled ones and coming
 * deadlines are announced by the announce job when their time comes. Every item is in English,
 * Finnish and Swedish (the Swedish texts are in swedish.ts, by codename).
 */

const AUTHOR = { authorId: null, authorName: 'Porta', authorRoles: ['yitUser'] };
const MANAGER = {
  authorId: null,
  authorName: 'Maria Manager',
  authorRoles: ['propertyManager', 'contributor'],
};

interface DemoArticle {
  codename: string;
  articleType: string;
  en: ArticleTexts;
  fi?: ArticleTexts;
  /** Days from now (negative: in the past). */
  publishedDays: number;
  housingCompanyIds?: string[];
  userRoles?: string[];
  stickyDays?: number;
  archiveDays?: number;
  buildingPhase?: 'construction' | 'living';
  author?: typeof AUTHOR;
}

interface DemoEntry {
  codename: string;
  entryType: 'event' | 'task' | 'deadline';
  en: CalendarTexts;
  fi?: CalendarTexts;
  location?: string;
  /** Start, days from now; hours on that day (UTC). */
  startDays: number;
  startHour?: number;
  /** Length in hours; none: no end time. */
  hours?: number;
  housingCompanyIds: string[];
  userRoles?: string[];
  documentLibraryLinkPath?: string;
  documentLibraryLinkTitle?: string;
}

function at(now: Date, days: number, hour?: number): Date {
  const d = addDays(now, days);
  if (hour !== undefined) d.setUTCHours(hour, 0, 0, 0);
  return d;
}

function articleRow(now: Date, a: DemoArticle) {
  const sv = SWEDISH_ARTICLES[a.codename];
  const variants: Variants<ArticleTexts> = { en: a.en, ...(a.fi ? { fi: a.fi } : {}), ...(sv ? { sv } : {}) };
  const targeting = { housingCompanyIds: a.housingCompanyIds ?? [], buildingTaxonomies: [] };
  const publishAt = at(now, a.publishedDays);
  const published = publishAt <= now;
  return {
    codename: a.codename,
    articleType: a.articleType,
    title: a.en.title,
    variants,
    buildingPhase: a.buildingPhase ?? null,
    stickyUntil: a.stickyDays === undefined ? null : at(now, a.stickyDays),
    archiveAt: a.archiveDays === undefined ? null : at(now, a.archiveDays),
    announcedAt: published ? publishAt : null,
    status: 'published',
    publishAt,
    ...targeting,
    audience: audienceOf(targeting),
    userRoles: a.userRoles ?? [],
    ...(a.author ?? AUTHOR),
    defaultLanguage: 'en',
    createdAt: published ? publishAt : now,
    updatedAt: published ? publishAt : now,
  };
}

function entryRow(now: Date, e: DemoEntry) {
  const sv = SWEDISH_ENTRIES[e.codename];
  const variants: Variants<CalendarTexts> = {
    en: e.en,
    ...(e.fi ? { fi: e.fi } : {}),
    ...(sv ? { sv } : {}),
  };
  const targeting = { housingCompanyIds: e.housingCompanyIds, buildingTaxonomies: [] };
  const startAt = at(now, e.startDays, e.startHour ?? 9);
  const publishAt = at(now, Math.min(e.startDays, 0) - 14);
  return {
    codename: e.codename,
    entryType: e.entryType,
    title: e.en.title,
    variants,
    location: e.location ?? null,
    startAt,
    endAt: e.hours === undefined ? null : new Date(startAt.getTime() + e.hours * 3_600_000),
    documentLibraryLinkPath: e.documentLibraryLinkPath ?? null,
    documentLibraryLinkTitle: e.documentLibraryLinkTitle ?? null,
    announcedAt: publishAt,
    status: 'published',
    publishAt,
    ...targeting,
    audience: audienceOf(targeting),
    userRoles: e.userRoles ?? [],
    ...MANAGER,
    defaultLanguage: 'en',
    createdAt: publishAt,
    updatedAt: publishAt,
  };
}

const p = (...paragraphs: string[]) => paragraphs.map((t) => `<p>${t}</p>`).join('');

export async function seedEditorial(db: ContentDb, hc: DemoHousingCompanies, now: Date): Promise<void> {
  const hv = [hc.harbourView];
  const lc = [hc.lindenCourt];
  const bh = [hc.birchHill];

  const demoArticles: DemoArticle[] = [
    // Every housing company.
    {
      codename: 'porta-has-a-new-look',
      articleType: 'news',
      publishedDays: -15,
      en: {
        title: 'The resident portal has a new look',
        introduction: 'News, calendar and your housing company’s documents now live in one place.',
        content: p(
          'We have renewed the resident portal. The dashboard shows the latest news, coming events and tasks, and your own quick links.',
          'Tell us what you think with the feedback box on the dashboard.',
        ),
      },
      fi: {
        title: 'Asukasportaali uudistui',
        introduction: 'Uutiset, kalenteri ja taloyhtiön asiakirjat löytyvät nyt yhdestä paikasta.',
        content: p(
          'Olemme uudistaneet asukasportaalin. Etusivulla näet uusimmat uutiset, tulevat tapahtumat ja tehtävät sekä omat pikalinkkisi.',
          'Kerro mielipiteesi etusivun palautelaatikolla.',
        ),
      },
    },
    // Harbour View (construction).
    {
      codename: WELCOME_ARTICLE_CODENAME,
      articleType: 'announcement',
      publishedDays: -45,
      en: {
        title: 'Welcome to your new home’s portal',
        introduction:
          'Follow the construction of your home, choose your materials and find your contacts here.',
        content: p(
          'Welcome! While your home is being built, this portal keeps you up to date on the construction, the material-selection deadlines and the people to contact.',
          'Once you move in, the same portal serves your housing company’s everyday life.',
        ),
      },
      fi: {
        title: 'Tervetuloa uuden kotisi portaaliin',
        introduction: 'Seuraa kotisi rakentumista, tee materiaalivalinnat ja löydä yhteystiedot täältä.',
        content: p(
          'Tervetuloa! Kotisi rakentamisen aikana portaali kertoo työmaan etenemisestä, materiaalivalintojen määräajoista ja yhteyshenkilöistä.',
          'Muuton jälkeen sama portaali palvelee taloyhtiösi arkea.',
        ),
      },
    },
    {
      codename: 'harbour-view-foundations-ready',
      articleType: 'status_update',
      publishedDays: -30,
      housingCompanyIds: hv,
      en: {
        title: 'Foundations are ready',
        content: p('The foundation work at Harbour View is complete and the frame is going up on schedule.'),
      },
      fi: {
        title: 'Perustukset ovat valmiit',
        content: p('Harbour View’n perustustyöt ovat valmiit, ja runkotyöt etenevät aikataulussa.'),
      },
    },
    {
      codename: 'harbour-view-site-visit',
      articleType: 'news',
      publishedDays: -9,
      housingCompanyIds: hv,
      en: {
        title: 'Buyers’ site visit in two weeks',
        introduction: 'See your future home in person: sign up for the guided site visit.',
        content: p('Safety shoes and helmets are provided at the gate. The visit takes about an hour.'),
      },
      fi: {
        title: 'Ostajien työmaavierailu kahden viikon päästä',
        introduction: 'Tule katsomaan tulevaa kotiasi: ilmoittaudu opastetulle työmaakäynnille.',
        content: p('Turvakengät ja kypärät saat portilta. Käynti kestää noin tunnin.'),
      },
    },
    {
      codename: 'harbour-view-roof-schedule',
      articleType: 'status_update',
      publishedDays: -2,
      housingCompanyIds: hv,
      en: {
        title: 'Roof work starts next month',
        content: p('The roof trusses arrive next month; the building will be weather-tight before winter.'),
      },
      fi: {
        title: 'Kattotyöt alkavat ensi kuussa',
        content: p('Kattoristikot saapuvat ensi kuussa, ja rakennus on säältä suojassa ennen talvea.'),
      },
    },
    // Linden Court (living).
    {
      codename: 'linden-court-water-shut-off',
      articleType: 'priority_news',
      publishedDays: -3,
      housingCompanyIds: lc,
      en: {
        title: 'Water shut-off in staircase B on Thursday',
        introduction: 'Water is off in staircase B on Thursday from 9 to 13 because of pipe repairs.',
        content: p('Please keep some water in reserve. Taps may sputter when the water comes back.'),
      },
      fi: {
        title: 'Vesikatko B-rapussa torstaina',
        introduction: 'B-rapussa on vesikatko torstaina klo 9–13 putkikorjauksen vuoksi.',
        content: p('Varaathan vettä etukäteen. Hanat voivat sylkeä, kun vesi palaa.'),
      },
    },
    {
      codename: 'linden-court-general-meeting-notice',
      articleType: 'announcement',
      publishedDays: -12,
      stickyDays: 21,
      housingCompanyIds: lc,
      author: MANAGER,
      en: {
        title: 'Notice of the annual general meeting',
        introduction: 'The annual general meeting is held in the club room; the agenda is in the documents.',
        content: p(
          'Shareholders are invited to the annual general meeting of Linden Court.',
          'Proxies must be delivered to the property manager before the meeting.',
        ),
      },
      fi: {
        title: 'Kutsu varsinaiseen yhtiökokoukseen',
        introduction: 'Varsinainen yhtiökokous pidetään kerhohuoneella; esityslista on asiakirjoissa.',
        content: p(
          'Linden Courtin osakkaat kutsutaan varsinaiseen yhtiökokoukseen.',
          'Valtakirjat toimitetaan isännöitsijälle ennen kokousta.',
        ),
      },
    },
    {
      codename: 'linden-court-courtyard-renovation',
      articleType: 'status_update',
      publishedDays: -20,
      housingCompanyIds: lc,
      author: MANAGER,
      en: {
        title: 'Courtyard renovation is half done',
        content: p('The new play area is ready; planting starts next week.'),
      },
      fi: {
        title: 'Piharemontti on puolivälissä',
        content: p('Uusi leikkipaikka on valmis; istutukset alkavat ensi viikolla.'),
      },
    },
    {
      codename: 'linden-court-bicycle-storage',
      articleType: 'news',
      publishedDays: -35,
      housingCompanyIds: lc,
      author: MANAGER,
      en: {
        title: 'More room in the bicycle storage',
        content: p('Unclaimed bicycles were removed; there are now 20 free places in the storage.'),
      },
      fi: {
        title: 'Pyöräkellarissa on taas tilaa',
        content: p('Lunastamattomat pyörät on poistettu, ja kellarissa on nyt 20 vapaata paikkaa.'),
      },
    },
    {
      codename: 'linden-court-sauna-times',
      articleType: 'news',
      publishedDays: -55,
      housingCompanyIds: lc,
      author: MANAGER,
      en: {
        title: 'New sauna shift times',
        content: p('Shared sauna shifts now start at 17:00 on weekdays and at 15:00 at weekends.'),
      },
      fi: {
        title: 'Saunavuorojen ajat muuttuvat',
        content: p('Yhteiset saunavuorot alkavat arkisin klo 17 ja viikonloppuisin klo 15.'),
      },
    },
    {
      codename: 'linden-court-autumn-offers',
      articleType: 'marketing',
      publishedDays: -6,
      housingCompanyIds: lc,
      en: {
        title: 'Autumn offers in the service shop',
        content: p('Window cleaning and balcony glazing at resident prices this autumn.'),
      },
      fi: {
        title: 'Syksyn tarjoukset palvelukaupassa',
        content: p('Ikkunanpesu ja parvekelasitus asukashintaan tänä syksynä.'),
      },
    },
    {
      codename: 'linden-court-board-minutes',
      articleType: 'news',
      publishedDays: -14,
      housingCompanyIds: lc,
      userRoles: ['boardMember', 'chairman'],
      author: MANAGER,
      en: {
        title: 'Board meeting minutes for review',
        content: p(
          'The draft minutes of the last board meeting are in the board folder; comments by Friday.',
        ),
      },
      fi: {
        title: 'Hallituksen kokouspöytäkirja tarkastettavana',
        content: p(
          'Edellisen hallituksen kokouksen pöytäkirjaluonnos on hallituksen kansiossa; kommentit perjantaihin mennessä.',
        ),
      },
    },
    {
      codename: 'linden-court-spring-cleaning-results',
      articleType: 'news',
      publishedDays: -200,
      archiveDays: -20,
      housingCompanyIds: lc,
      author: MANAGER,
      en: {
        title: 'Thank you for the spring cleaning day',
        content: p('Over thirty residents joined the spring cleaning day. The yard has never looked better.'),
      },
      fi: {
        title: 'Kiitos kevättalkoisiin osallistuneille',
        content: p(
          'Kevättalkoisiin osallistui yli kolmekymmentä asukasta. Piha ei ole koskaan näyttänyt paremmalta.',
        ),
      },
    },
    {
      codename: 'linden-court-elevator-maintenance',
      articleType: 'announcement',
      // Scheduled: appears (and is announced) in two days.
      publishedDays: 2,
      housingCompanyIds: lc,
      author: MANAGER,
      en: {
        title: 'Elevator maintenance next week',
        content: p('The elevator in staircase A is out of use on Monday between 8 and 16.'),
      },
      fi: {
        title: 'Hissihuolto ensi viikolla',
        content: p('A-rapun hissi on poissa käytöstä maanantaina klo 8–16.'),
      },
    },
    // Birch Hill (living).
    {
      codename: 'birch-hill-heating-maintenance',
      articleType: 'news',
      publishedDays: -7,
      housingCompanyIds: bh,
      en: {
        title: 'Heating system maintenance',
        content: p(
          'The district heating exchanger is serviced on Wednesday; radiators may cool for a few hours.',
        ),
      },
      fi: {
        title: 'Lämmitysjärjestelmän huolto',
        content: p(
          'Kaukolämmönvaihdin huolletaan keskiviikkona; patterit voivat viiletä muutamaksi tunniksi.',
        ),
      },
    },
    {
      codename: 'birch-hill-parking-rules',
      articleType: 'announcement',
      publishedDays: -40,
      housingCompanyIds: bh,
      en: {
        title: 'Guest parking rules',
        content: p('Guest places are for visitors only; park for at most 24 hours at a time.'),
      },
      fi: {
        title: 'Vieraspysäköinnin säännöt',
        content: p('Vieraspaikat ovat vain vieraille; pysäköi enintään 24 tuntia kerrallaan.'),
      },
    },
  ];

  const demoEntries: DemoEntry[] = [
    // Harbour View: material selection and a site visit.
    {
      codename: 'harbour-view-kitchen-selection-deadline',
      entryType: 'deadline',
      startDays: 10,
      startHour: 21,
      housingCompanyIds: hv,
      en: {
        title: 'Kitchen material selections due',
        content: p('Choose your kitchen cabinets, worktops and appliances in the selection studio.'),
      },
      fi: {
        title: 'Keittiön materiaalivalinnat viimeistään',
        content: p('Valitse keittiön kaapistot, työtasot ja kodinkoneet valintastudiossa.'),
      },
      documentLibraryLinkPath: '/documents',
      documentLibraryLinkTitle: 'Material catalogue',
    },
    {
      codename: 'harbour-view-bathroom-selection-deadline',
      entryType: 'deadline',
      startDays: 24,
      startHour: 21,
      housingCompanyIds: hv,
      en: {
        title: 'Bathroom material selections due',
        content: p('Choose tiles, fixtures and the shower wall for your bathroom.'),
      },
      fi: {
        title: 'Kylpyhuoneen materiaalivalinnat viimeistään',
        content: p('Valitse kylpyhuoneen laatat, kalusteet ja suihkuseinä.'),
      },
    },
    {
      codename: 'harbour-view-site-visit-day',
      entryType: 'event',
      startDays: 14,
      startHour: 14,
      hours: 2,
      location: 'Harbour View site gate',
      housingCompanyIds: hv,
      en: { title: 'Buyers’ site visit', content: p('A guided tour of the building site for buyers.') },
      fi: {
        title: 'Ostajien työmaavierailu',
        content: p('Opastettu kierros työmaalla ostajille.'),
        location: 'Harbour View’n työmaaportti',
      },
    },
    // Linden Court: events, tasks, a deadline and a past event.
    {
      codename: 'linden-court-autumn-cleaning-day',
      entryType: 'event',
      startDays: 9,
      startHour: 15,
      hours: 3,
      location: 'Courtyard',
      housingCompanyIds: lc,
      en: {
        title: 'Autumn cleaning day',
        content: p('Raking, gutter cleaning and a shared soup afterwards. Tools are provided.'),
      },
      fi: {
        title: 'Syystalkoot',
        content: p('Haravointia, rännien puhdistusta ja yhteinen keittolounas. Työvälineet löytyvät.'),
        location: 'Sisäpiha',
      },
    },
    {
      codename: 'linden-court-general-meeting',
      entryType: 'event',
      startDays: 20,
      startHour: 16,
      hours: 2,
      location: 'Club room',
      housingCompanyIds: lc,
      en: {
        title: 'Annual general meeting',
        content: p('The agenda and the financial statements are in the documents.'),
      },
      fi: {
        title: 'Varsinainen yhtiökokous',
        content: p('Esityslista ja tilinpäätös ovat asiakirjoissa.'),
        location: 'Kerhohuone',
      },
      documentLibraryLinkPath: '/documents',
      documentLibraryLinkTitle: 'Meeting documents',
    },
    {
      codename: 'linden-court-parking-permit-form',
      entryType: 'task',
      startDays: 6,
      housingCompanyIds: lc,
      en: {
        title: 'Return the parking permit form',
        content: p('Fill in the parking permit form for next year and return it to the property manager.'),
      },
      fi: {
        title: 'Palauta pysäköintilupalomake',
        content: p('Täytä ensi vuoden pysäköintilupalomake ja palauta se isännöitsijälle.'),
      },
    },
    {
      codename: 'linden-court-balcony-check',
      entryType: 'task',
      startDays: 16,
      housingCompanyIds: lc,
      en: {
        title: 'Clear your balcony for the inspection',
        content: p('Balconies are inspected next month; please clear the floor drains.'),
      },
      fi: {
        title: 'Tyhjennä parveke tarkastusta varten',
        content: p('Parvekkeet tarkastetaan ensi kuussa; vapautathan lattiakaivot.'),
      },
    },
    {
      codename: 'linden-court-sauna-shift-deadline',
      entryType: 'deadline',
      startDays: 12,
      startHour: 20,
      housingCompanyIds: lc,
      en: {
        title: 'Sauna shift applications due',
        content: p('Apply for a private sauna shift for next season through the property manager.'),
      },
      fi: {
        title: 'Saunavuorohakemukset viimeistään',
        content: p('Hae omaa saunavuoroa ensi kaudelle isännöitsijän kautta.'),
      },
    },
    {
      codename: 'linden-court-summer-party',
      entryType: 'event',
      startDays: -30,
      startHour: 16,
      hours: 4,
      location: 'Courtyard',
      housingCompanyIds: lc,
      en: { title: 'Summer party', content: p('Thank you to everyone who joined the summer party!') },
      fi: {
        title: 'Kesäjuhlat',
        content: p('Kiitos kaikille kesäjuhliin osallistuneille!'),
        location: 'Sisäpiha',
      },
    },
    {
      codename: 'linden-court-board-meeting',
      entryType: 'event',
      startDays: 11,
      startHour: 17,
      hours: 2,
      location: 'Club room',
      housingCompanyIds: lc,
      userRoles: ['boardMember', 'chairman'],
      en: { title: 'Board meeting', content: p('Board members only.') },
      fi: { title: 'Hallituksen kokous', content: p('Vain hallituksen jäsenille.'), location: 'Kerhohuone' },
    },
    // Birch Hill.
    {
      codename: 'birch-hill-courtyard-barbecue',
      entryType: 'event',
      startDays: 16,
      startHour: 15,
      hours: 3,
      location: 'Barbecue shelter',
      housingCompanyIds: bh,
      en: { title: 'Courtyard barbecue', content: p('Bring your own food; the grill is lit at three.') },
      fi: {
        title: 'Pihagrillailu',
        content: p('Ota omat eväät mukaan; grilli sytytetään kolmelta.'),
        location: 'Grillikatos',
      },
    },
  ];

  await db.insert(articles).values(demoArticles.map((a) => articleRow(now, a)));
  await db.insert(calendarEntries).values(demoEntries.map((e) => entryRow(now, e)));
}
