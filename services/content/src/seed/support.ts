import type { ContentDb } from '../context.js';
import { contacts, faqs, pages, steps } from '../db/schema.js';
import { addDays, isoDay } from '../domain/clock.js';
import { sanitizeRichText } from '../domain/html.js';
import { audienceOf } from '../domain/reader.js';
import type { DemoHousingCompanies } from './types.js';

/**
 * Demo content of the support areas: the public pages (terms-and-conditions is the seed's marker),
 * Harbour View's lifecycle steps, contacts for each demo housing company plus the developer's
 * default contact, FAQ entries in several groups and the staff help section.
 */
export async function seedSupport(db: ContentDb, hc: DemoHousingCompanies, now: Date): Promise<void> {
  const author = { authorName: 'Porta', authorRoles: [] as string[] };
  const published = { status: 'published', publishAt: now, ...author };
  const html = (text: string) => sanitizeRichText(text);

  // --- Public pages (01 §2 footer: terms, privacy, accessibility, cookies) --------------------
  const page = (path: string, en: [string, string], fi: [string, string]) => ({
    path,
    title: en[0],
    variants: {
      en: { title: en[0], html: html(en[1]) },
      fi: { title: fi[0], html: html(fi[1]) },
    },
    status: 'published',
    defaultLanguage: 'en',
  });
  await db
    .insert(pages)
    .values([
      page(
        'terms-and-conditions',
        [
          'Terms and conditions',
          '<p>These terms apply to the use of the Porta resident portal. By signing in you accept them.</p><h2>Use of the service</h2><p>The portal is for residents, owners and the people who run the housing company. Keep your password to yourself and do not post content that breaks the law or the privacy of others.</p><h2>Content</h2><p>The housing company and its partners publish news, calendar entries and documents. Messages you write in the community are visible to your neighbours.</p>',
        ],
        [
          'Käyttöehdot',
          '<p>Nämä ehdot koskevat Porta-asukasportaalin käyttöä. Kirjautumalla hyväksyt ehdot.</p><h2>Palvelun käyttö</h2><p>Portaali on tarkoitettu asukkaille, omistajille ja taloyhtiön hallinnolle. Pidä salasanasi omana tietonasi.</p>',
        ],
      ),
      page(
        'privacy-policy',
        [
          'Privacy policy',
          '<p>We process your name, e-mail address, phone number and your roles in the housing company to provide the portal.</p><h2>Your rights</h2><p>You can request a report of your data from your settings and ask us to correct or remove it.</p>',
        ],
        [
          'Tietosuojaseloste',
          '<p>Käsittelemme nimeäsi, sähköpostiosoitettasi, puhelinnumeroasi ja rooliasi taloyhtiössä portaalin tarjoamiseksi.</p><h2>Oikeutesi</h2><p>Voit pyytää raportin tiedoistasi asetuksista.</p>',
        ],
      ),
      page(
        'accessibility-statement',
        [
          'Accessibility statement',
          '<p>We aim to meet the WCAG 2.1 AA level. The portal works with a keyboard and screen readers.</p><p>Tell us about problems through the feedback box on the dashboard.</p>',
        ],
        [
          'Saavutettavuusseloste',
          '<p>Tavoitteenamme on WCAG 2.1 AA -taso. Portaalia voi käyttää näppäimistöllä ja ruudunlukijalla.</p>',
        ],
      ),
      page(
        'cookies',
        [
          'Cookies',
          '<p>The portal uses only the cookies and browser storage needed to keep you signed in and to remember your language.</p>',
        ],
        [
          'Evästeet',
          '<p>Portaali käyttää vain kirjautumisen ja kielivalinnan muistamiseen tarvittavia evästeitä.</p>',
        ],
      ),
    ]);

  // --- Harbour View's lifecycle steps ---------------------------------------------------------
  const day = (offset: number) => isoDay(addDays(now, offset));
  const harbour = { housingCompanyIds: [hc.harbourView], buildingTaxonomies: [] as string[] };
  const step = (
    codename: string,
    dateStart: string | null,
    en: [string, string, string],
    fi: [string, string, string],
  ) => ({
    codename,
    title: en[0],
    variants: {
      en: { title: en[0], introduction: en[1], content: html(en[2]) },
      fi: { title: fi[0], introduction: fi[1], content: html(fi[2]) },
    },
    dateStart,
    ...harbour,
    audience: audienceOf(harbour),
    ...published,
  });
  await db
    .insert(steps)
    .values([
      step(
        'harbour-view-construction-starts',
        day(-320),
        [
          'Construction starts',
          'The groundwork for Harbour View begins on the Satamakatu site.',
          '<p>Excavation and piling start this month. The site office is open on weekdays from 7 to 16.</p>',
        ],
        [
          'Rakentaminen alkaa',
          "Harbour View'n maanrakennustyöt alkavat Satamakadulla.",
          '<p>Kaivu- ja paalutustyöt alkavat tässä kuussa.</p>',
        ],
      ),
      step(
        'harbour-view-topping-out',
        day(-90),
        [
          'Topping-out',
          'The frame of the building is complete and the roof is on.',
          '<p>We celebrated the topping-out with the builders. Interior works start next.</p>',
        ],
        [
          'Harjannostajaiset',
          'Rakennuksen runko on valmis ja katto paikallaan.',
          '<p>Vietimme harjannostajaisia rakentajien kanssa.</p>',
        ],
      ),
      step(
        'harbour-view-material-selections',
        day(21),
        [
          'Material selections close',
          'Choose your floors, tiles and kitchen fronts before the deadline.',
          '<p>Make your choices in the material selection studio. After the deadline the standard materials are installed.</p>',
        ],
        [
          'Materiaalivalinnat päättyvät',
          'Valitse lattiat, laatat ja keittiön ovet ennen määräaikaa.',
          '<p>Tee valintasi materiaalivalintastudiossa.</p>',
        ],
      ),
      step(
        'harbour-view-pre-inspection',
        day(200),
        [
          'Pre-inspection of the apartments',
          'Owners can visit their apartment and note anything that needs fixing before handover.',
          '<p>The inspection times are sent by e-mail. Bring the inspection form with you.</p>',
        ],
        [
          'Ennakkotarkastus',
          'Omistajat pääsevät tutustumaan asuntoonsa ennen luovutusta.',
          '<p>Tarkastusajat lähetetään sähköpostilla.</p>',
        ],
      ),
      step(
        'harbour-view-handover',
        day(240),
        [
          'Handover and moving in',
          'Keys are handed over and residents can move in.',
          '<p>Key handover takes place at the site office. Remember to make an electricity contract and home insurance before moving in.</p>',
        ],
        [
          'Luovutus ja muutto',
          'Avaimet luovutetaan ja asukkaat voivat muuttaa.',
          '<p>Avainten luovutus tapahtuu työmaatoimistolla.</p>',
        ],
      ),
      step(
        'harbour-view-warranty-inspection',
        null,
        [
          'Warranty inspection',
          'One year after handover the building is inspected; the date is set later.',
          '<p>Report faults you notice during the first year through the warranty pages.</p>',
        ],
        [
          'Takuutarkastus',
          'Rakennus tarkastetaan vuoden kuluttua luovutuksesta.',
          '<p>Ilmoita huomaamasi viat takuusivujen kautta.</p>',
        ],
      ),
    ]);

  // --- Contacts -------------------------------------------------------------------------------
  const companies = [
    { key: 'harbour-view', id: hc.harbourView, name: 'Harbour View', phone: '+358 40 100' },
    { key: 'linden-court', id: hc.lindenCourt, name: 'Linden Court', phone: '+358 40 200' },
    { key: 'birch-hill', id: hc.birchHill, name: 'Birch Hill', phone: '+358 40 300' },
  ];
  const contact = (
    codename: string,
    housingCompanyIds: string[],
    fields: {
      name: string;
      email: string;
      phoneNumber: string;
      contactTaxonomies: string[];
      en: { title: string; openingHours?: string; phoneInfo?: string; info?: string };
      fi: { title: string; openingHours?: string; phoneInfo?: string; info?: string };
      isPrimary?: boolean;
      isDefault?: boolean;
    },
  ) => {
    const targeting = { housingCompanyIds, buildingTaxonomies: [] as string[] };
    const texts = (t: typeof fields.en) => ({ ...t, ...(t.info ? { info: html(t.info) } : {}) });
    return {
      codename,
      name: fields.name,
      variants: { en: texts(fields.en), fi: texts(fields.fi) },
      email: fields.email,
      phoneNumber: fields.phoneNumber,
      isPrimary: fields.isPrimary ?? false,
      isDefault: fields.isDefault ?? false,
      contactTaxonomies: fields.contactTaxonomies,
      ...targeting,
      audience: audienceOf(targeting),
      ...published,
    };
  };
  const weekdays = { en: 'Mon–Fri 9–15', fi: 'ma–pe 9–15' };
  await db.insert(contacts).values([
    contact(
      'porta-customer-service',
      companies.map((c) => c.id),
      {
        name: 'Porta customer service',
        email: 'customer.service@demo.porta.test',
        phoneNumber: '+358 20 433 111',
        contactTaxonomies: ['customer_service'],
        isDefault: true,
        en: {
          title: 'Developer customer service',
          openingHours: 'Mon–Fri 8–16',
          phoneInfo: 'Local network charge',
          info: '<p>Questions about your home purchase, payments and the portal.</p>',
        },
        fi: {
          title: 'Rakennuttajan asiakaspalvelu',
          openingHours: 'ma–pe 8–16',
          phoneInfo: 'Paikallisverkkomaksu',
          info: '<p>Kysymykset asuntokaupasta, maksuista ja portaalista.</p>',
        },
      },
    ),
    ...companies.flatMap((c) => [
      contact(`${c.key}-building-administration`, [c.id], {
        name: 'Maria Manager',
        email: `administration.${c.key}@demo.porta.test`,
        phoneNumber: `${c.phone} 001`,
        contactTaxonomies: ['building_administration'],
        isPrimary: true,
        en: { title: `Building manager, ${c.name}`, openingHours: weekdays.en },
        fi: { title: `Isännöitsijä, ${c.name}`, openingHours: weekdays.fi },
      }),
      contact(`${c.key}-property-management`, [c.id], {
        name: 'Demo Isännöinti Oy',
        email: `property.${c.key}@demo.porta.test`,
        phoneNumber: `${c.phone} 002`,
        contactTaxonomies: ['property_management'],
        en: { title: 'Property management office', openingHours: weekdays.en },
        fi: { title: 'Kiinteistönhoidon toimisto', openingHours: weekdays.fi },
      }),
      contact(`${c.key}-maintenance`, [c.id], {
        name: 'Demo Huolto Oy',
        email: `maintenance.${c.key}@demo.porta.test`,
        phoneNumber: `${c.phone} 003`,
        contactTaxonomies: ['maintenance'],
        en: {
          title: 'Maintenance and emergencies',
          openingHours: 'Every day 0–24',
          phoneInfo: 'Emergencies only outside office hours',
        },
        fi: {
          title: 'Huolto ja hätätilanteet',
          openingHours: 'joka päivä 0–24',
          phoneInfo: 'Virka-ajan ulkopuolella vain kiireelliset asiat',
        },
      }),
      contact(`${c.key}-construction-site`, [c.id], {
        name: 'Kalle Site',
        email: `site.${c.key}@demo.porta.test`,
        phoneNumber: `${c.phone} 004`,
        contactTaxonomies: ['construction_site'],
        en: {
          title: c.id === hc.harbourView ? 'Site manager' : 'Warranty repairs site manager',
          openingHours: 'Mon–Fri 7–16',
        },
        fi: {
          title: c.id === hc.harbourView ? 'Vastaava työnjohtaja' : 'Takuukorjausten työnjohtaja',
          openingHours: 'ma–pe 7–16',
        },
      }),
      contact(`${c.key}-material-selections`, [c.id], {
        name: 'Selma Selection',
        email: `selections.${c.key}@demo.porta.test`,
        phoneNumber: `${c.phone} 005`,
        contactTaxonomies: ['material_selections'],
        en: {
          title: 'Material selections and structural changes',
          info: '<p>Book an appointment at the selection studio.</p>',
        },
        fi: {
          title: 'Materiaalivalinnat ja muutostyöt',
          info: '<p>Varaa aika valintastudioon.</p>',
        },
      }),
    ]),
  ]);

  // --- FAQ (kind faq, every housing company) and the staff help section (kind help) ------------
  const entry = (
    kind: 'faq' | 'help',
    codename: string,
    faqTaxonomy: string,
    priority: number,
    en: [string, string],
    fi: [string, string],
  ) => ({
    kind,
    codename,
    title: en[0],
    variants: {
      en: { question: en[0], answer: html(en[1]) },
      fi: { question: fi[0], answer: html(fi[1]) },
    },
    faqTaxonomy,
    priority,
    audience: audienceOf({ housingCompanyIds: [], buildingTaxonomies: [] }),
    ...published,
  });
  await db
    .insert(faqs)
    .values([
      entry(
        'faq',
        'faq-report-a-fault',
        'maintenance',
        1,
        [
          'How do I report a fault in my apartment?',
          '<p>Send a service request under Support. For emergencies such as water leaks call the maintenance number in the contact book.</p>',
        ],
        [
          'Miten ilmoitan viasta asunnossani?',
          '<p>Lähetä palvelupyyntö Tuki-osiossa. Kiireellisissä asioissa soita huollon numeroon.</p>',
        ],
      ),
      entry(
        'faq',
        'faq-sauna-booking',
        'maintenance',
        5,
        [
          'How do I book the sauna or the laundry room?',
          '<p>Use common-space bookings if your housing company has them; otherwise ask the maintenance company.</p>',
        ],
        [
          'Miten varaan saunavuoron tai pesutuvan?',
          '<p>Käytä yhteistilojen varausta tai kysy huoltoyhtiöltä.</p>',
        ],
      ),
      entry(
        'faq',
        'faq-moving-in-keys',
        'moving_in',
        1,
        [
          'When do I get the keys?',
          '<p>Keys are handed over on the handover day shown in the lifecycle steps, once the purchase price is paid.</p>',
        ],
        ['Milloin saan avaimet?', '<p>Avaimet luovutetaan luovutuspäivänä, kun kauppahinta on maksettu.</p>'],
      ),
      entry(
        'faq',
        'faq-moving-in-notice',
        'moving_in',
        2,
        [
          'Do I need to file a notice of move?',
          '<p>Yes. File the notice of move with the population register at the latest one week after moving.</p>',
        ],
        ['Pitääkö minun tehdä muuttoilmoitus?', '<p>Kyllä, viimeistään viikon kuluttua muutosta.</p>'],
      ),
      entry(
        'faq',
        'faq-portal-language',
        'portal',
        1,
        [
          'How do I change the language of the portal?',
          '<p>Open My settings from the profile menu and choose your language.</p>',
        ],
        ['Miten vaihdan portaalin kielen?', '<p>Avaa Omat asetukset profiilivalikosta ja valitse kieli.</p>'],
      ),
      entry(
        'faq',
        'faq-portal-notifications',
        'portal',
        3,
        [
          'Can I stop the e-mail notifications?',
          '<p>Yes: in the notification settings you can switch each kind of notification off.</p>',
        ],
        ['Voinko lopettaa sähköposti-ilmoitukset?', '<p>Kyllä, ilmoitusasetuksista.</p>'],
      ),
      entry(
        'help',
        'help-publish-news',
        'news_and_calendar',
        1,
        [
          'How do I publish news to one housing company?',
          '<p>Create the article under News, choose the housing company in the targeting step and publish.</p>',
        ],
        [
          'Miten julkaisen uutisen yhdelle taloyhtiölle?',
          '<p>Luo artikkeli, valitse taloyhtiö ja julkaise.</p>',
        ],
      ),
      entry(
        'help',
        'help-contact-priorities',
        'contacts',
        1,
        [
          'In which order are contacts shown?',
          '<p>By priority: building administration 1, property management 2, maintenance 3, construction site 4, material selections 5, others 999, unless a contact has its own priority.</p>',
        ],
        ['Missä järjestyksessä yhteystiedot näytetään?', '<p>Prioriteetin mukaan.</p>'],
      ),
      entry(
        'help',
        'help-add-resident',
        'users',
        1,
        [
          'How do I add a resident to an apartment?',
          '<p>Open Users, choose Add user and give the apartment and the role.</p>',
        ],
        ['Miten lisään asukkaan asuntoon?', '<p>Avaa Käyttäjät ja valitse Lisää käyttäjä.</p>'],
      ),
    ]);
}
