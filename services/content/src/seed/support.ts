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
  const page = (path: string, en: [string, string], fi: [string, string], sv: [string, string]) => ({
    path,
    title: en[0],
    variants: {
      en: { title: en[0], html: html(en[1]) },
      fi: { title: fi[0], html: html(fi[1]) },
      sv: { title: sv[0], html: html(sv[1]) },
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
        [
          'Användarvillkor',
          '<p>Dessa villkor gäller användningen av invånarportalen Porta. Genom att logga in godkänner du dem.</p><h2>Användning av tjänsten</h2><p>Portalen är avsedd för invånare, ägare och husbolagets förvaltning. Håll ditt lösenord för dig själv.</p>',
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
        [
          'Dataskyddsbeskrivning',
          '<p>Vi behandlar ditt namn, din e-postadress, ditt telefonnummer och din roll i husbolaget för att kunna erbjuda portalen.</p><h2>Dina rättigheter</h2><p>Du kan begära en rapport över dina uppgifter i inställningarna.</p>',
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
        [
          'Tillgänglighetsutlåtande',
          '<p>Vårt mål är nivån WCAG 2.1 AA. Portalen kan användas med tangentbord och skärmläsare.</p>',
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
        [
          'Kakor',
          '<p>Portalen använder bara de kakor som behövs för att hålla dig inloggad och komma ihåg ditt språk.</p>',
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
    sv: [string, string, string],
  ) => ({
    codename,
    title: en[0],
    variants: {
      en: { title: en[0], introduction: en[1], content: html(en[2]) },
      fi: { title: fi[0], introduction: fi[1], content: html(fi[2]) },
      sv: { title: sv[0], introduction: sv[1], content: html(sv[2]) },
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
        [
          'Bygget börjar',
          'Markarbetena för Harbour View börjar på Hamngatan.',
          '<p>Schaktning och pålning börjar den här månaden.</p>',
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
        [
          'Taklagsfest',
          'Husets stomme är klar och taket är på plats.',
          '<p>Vi firade taklagsfest med byggarna.</p>',
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
        [
          'Materialvalen stänger',
          'Välj golv, kakel och köksluckor före tidsfristen.',
          '<p>Gör dina val i valstudion.</p>',
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
        [
          'Förhandsbesiktning',
          'Ägarna kan bekanta sig med sin bostad före överlåtelsen.',
          '<p>Besiktningstiderna skickas per e-post.</p>',
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
        [
          'Överlåtelse och inflyttning',
          'Nycklarna överlämnas och invånarna kan flytta in.',
          '<p>Nycklarna överlämnas på byggplatskontoret.</p>',
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
        [
          'Garantibesiktning',
          'Huset besiktas ett år efter överlåtelsen.',
          '<p>Anmäl fel du upptäcker via garantisidorna.</p>',
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
      sv: { title: string; openingHours?: string; phoneInfo?: string; info?: string };
      isPrimary?: boolean;
      isDefault?: boolean;
    },
  ) => {
    const targeting = { housingCompanyIds, buildingTaxonomies: [] as string[] };
    const texts = (t: typeof fields.en) => ({ ...t, ...(t.info ? { info: html(t.info) } : {}) });
    return {
      codename,
      name: fields.name,
      variants: { en: texts(fields.en), fi: texts(fields.fi), sv: texts(fields.sv) },
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
  const weekdays = { en: 'Mon–Fri 9–15', fi: 'ma–pe 9–15', sv: 'mån–fre 9–15' };
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
        sv: {
          title: 'Byggherrens kundtjänst',
          openingHours: 'mån–fre 8–16',
          phoneInfo: 'Lokalnätsavgift',
          info: '<p>Frågor om bostadsköpet, betalningar och portalen.</p>',
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
        sv: { title: `Disponent, ${c.name}`, openingHours: weekdays.sv },
      }),
      contact(`${c.key}-property-management`, [c.id], {
        name: 'Demo Isännöinti Oy',
        email: `property.${c.key}@demo.porta.test`,
        phoneNumber: `${c.phone} 002`,
        contactTaxonomies: ['property_management'],
        en: { title: 'Property management office', openingHours: weekdays.en },
        fi: { title: 'Kiinteistönhoidon toimisto', openingHours: weekdays.fi },
        sv: { title: 'Fastighetsförvaltningens kontor', openingHours: weekdays.sv },
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
        sv: {
          title: 'Fastighetsskötsel och nödsituationer',
          openingHours: 'alla dagar 0–24',
          phoneInfo: 'Utanför kontorstid endast brådskande ärenden',
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
        sv: {
          title: c.id === hc.harbourView ? 'Arbetsplatschef' : 'Arbetsledare för garantireparationer',
          openingHours: 'mån–fre 7–16',
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
        sv: {
          title: 'Materialval och ändringsarbeten',
          info: '<p>Boka en tid i valstudion.</p>',
        },
      }),
    ]),
  ]);

  // --- FAQ (kind faq, every housing company) and the staff help section (kind help) ------------
  // Groups are ordered by their best entry's priority (domain/faq.ts groupFaq), so each group
  // has its own range of priorities (1–9, 11–19, 21–29): the groups come in the same order in
  // every language, whatever the questions' alphabetical order. The resident app names the
  // groups by their codename in the reader's language (support.json faq.groups).
  type QA = [question: string, answer: string];
  const FAQ_ENTRIES: {
    kind: 'faq' | 'help';
    codename: string;
    group: string;
    priority: number;
    en: QA;
    fi: QA;
    sv: QA;
  }[] = [
    {
      kind: 'faq',
      codename: 'faq-report-a-fault',
      group: 'maintenance',
      priority: 1,
      en: [
        'How do I report a fault in my apartment?',
        '<p>Send a service request under Support. For emergencies such as water leaks call the maintenance number in the contact book.</p>',
      ],
      fi: [
        'Miten ilmoitan viasta asunnossani?',
        '<p>Lähetä palvelupyyntö Tuki-osiossa. Kiireellisissä asioissa, kuten vesivuodoissa, soita yhteystiedoista löytyvään huollon numeroon.</p>',
      ],
      sv: [
        'Hur anmäler jag ett fel i min bostad?',
        '<p>Skicka en serviceförfrågan under Support. Vid akuta fall, till exempel vattenläckor, ring fastighetsskötselns nummer i kontaktboken.</p>',
      ],
    },
    {
      kind: 'faq',
      codename: 'faq-sauna-booking',
      group: 'maintenance',
      priority: 5,
      en: [
        'How do I book the sauna or the laundry room?',
        '<p>Use common-space bookings if your housing company has them; otherwise ask the maintenance company.</p>',
      ],
      fi: [
        'Miten varaan saunavuoron tai pesutuvan?',
        '<p>Käytä yhteistilojen varausta, jos taloyhtiössäsi on se; muuten kysy huoltoyhtiöltä.</p>',
      ],
      sv: [
        'Hur bokar jag bastun eller tvättstugan?',
        '<p>Använd bokningen av gemensamma utrymmen om ditt husbolag har den; annars fråga fastighetsskötseln.</p>',
      ],
    },
    {
      kind: 'faq',
      codename: 'faq-moving-in-keys',
      group: 'moving_in',
      priority: 11,
      en: [
        'When do I get the keys?',
        '<p>Keys are handed over on the handover day shown in the lifecycle steps, once the purchase price is paid.</p>',
      ],
      fi: [
        'Milloin saan avaimet?',
        '<p>Avaimet luovutetaan elinkaaren vaiheissa näkyvänä luovutuspäivänä, kun kauppahinta on maksettu.</p>',
      ],
      sv: [
        'När får jag nycklarna?',
        '<p>Nycklarna överlämnas på den överlåtelsedag som visas i byggskedena, när köpesumman är betald.</p>',
      ],
    },
    {
      kind: 'faq',
      codename: 'faq-moving-in-notice',
      group: 'moving_in',
      priority: 12,
      en: [
        'Do I need to file a notice of move?',
        '<p>Yes. File the notice of move with the population register at the latest one week after moving.</p>',
      ],
      fi: [
        'Pitääkö minun tehdä muuttoilmoitus?',
        '<p>Kyllä. Tee muuttoilmoitus väestötietojärjestelmään viimeistään viikon kuluttua muutosta.</p>',
      ],
      sv: [
        'Måste jag göra en flyttanmälan?',
        '<p>Ja. Gör flyttanmälan till befolkningsregistret senast en vecka efter flytten.</p>',
      ],
    },
    {
      kind: 'faq',
      codename: 'faq-portal-language',
      group: 'portal',
      priority: 21,
      en: [
        'How do I change the language of the portal?',
        '<p>Before signing in, choose the language on the sign-in page. Once signed in, open the menu under your name at the top of the page, choose My profile, then Edit profile, and pick your language under Language; the portal and your future notifications switch to it.</p>',
      ],
      fi: [
        'Miten vaihdan portaalin kielen?',
        '<p>Ennen kirjautumista voit valita kielen kirjautumissivulla. Kirjautuneena avaa sivun yläreunasta nimesi alta aukeava valikko, valitse Oma profiili ja sitten Muokkaa profiilia, ja valitse kieli kohdasta Kieli; portaali ja tulevat ilmoituksesi vaihtuvat sille kielelle.</p>',
      ],
      sv: [
        'Hur byter jag portalens språk?',
        '<p>Innan du loggar in kan du välja språk på inloggningssidan. När du är inloggad öppnar du menyn under ditt namn högst upp på sidan, väljer Min profil och sedan Redigera profil och väljer ditt språk under Språk; portalen och dina kommande aviseringar byter då språk.</p>',
      ],
    },
    {
      kind: 'faq',
      codename: 'faq-portal-notifications',
      group: 'portal',
      priority: 23,
      en: [
        'Can I stop the e-mail notifications?',
        '<p>Yes: in the notification settings you can switch each kind of notification off.</p>',
      ],
      fi: [
        'Voinko lopettaa sähköposti-ilmoitukset?',
        '<p>Kyllä: ilmoitusasetuksista voit kytkeä kunkin ilmoitustyypin pois päältä.</p>',
      ],
      sv: [
        'Kan jag stänga av aviseringarna per e-post?',
        '<p>Ja: i aviseringsinställningarna kan du stänga av varje typ av avisering.</p>',
      ],
    },
    {
      kind: 'help',
      codename: 'help-publish-news',
      group: 'news_and_calendar',
      priority: 1,
      en: [
        'How do I publish news to one housing company?',
        '<p>Create the article under News, choose the housing company in the targeting step and publish.</p>',
      ],
      fi: [
        'Miten julkaisen uutisen yhdelle taloyhtiölle?',
        '<p>Luo artikkeli, valitse taloyhtiö ja julkaise.</p>',
      ],
      sv: [
        'Hur publicerar jag en nyhet för ett husbolag?',
        '<p>Skapa artikeln under Nyheter, välj husbolaget i målgruppssteget och publicera.</p>',
      ],
    },
    {
      kind: 'help',
      codename: 'help-contact-priorities',
      group: 'contacts',
      priority: 11,
      en: [
        'In which order are contacts shown?',
        '<p>By priority: building administration 1, property management 2, maintenance 3, construction site 4, material selections 5, others 999, unless a contact has its own priority.</p>',
      ],
      fi: ['Missä järjestyksessä yhteystiedot näytetään?', '<p>Prioriteetin mukaan.</p>'],
      sv: ['I vilken ordning visas kontakterna?', '<p>Enligt prioritet.</p>'],
    },
    {
      kind: 'help',
      codename: 'help-add-resident',
      group: 'users',
      priority: 21,
      en: [
        'How do I add a resident to an apartment?',
        '<p>Open Users, choose Add user and give the apartment and the role.</p>',
      ],
      fi: ['Miten lisään asukkaan asuntoon?', '<p>Avaa Käyttäjät ja valitse Lisää käyttäjä.</p>'],
      sv: [
        'Hur lägger jag till en invånare i en bostad?',
        '<p>Öppna Användare och välj Lägg till användare.</p>',
      ],
    },
  ];
  const everyone = audienceOf({ housingCompanyIds: [], buildingTaxonomies: [] });
  const qa = ([question, answer]: QA) => ({ question, answer: html(answer) });
  await db.insert(faqs).values(
    FAQ_ENTRIES.map((e) => ({
      kind: e.kind,
      codename: e.codename,
      title: e.en[0],
      variants: { en: qa(e.en), fi: qa(e.fi), sv: qa(e.sv) },
      faqTaxonomy: e.group,
      priority: e.priority,
      audience: everyone,
      ...published,
    })),
  );
}
