/**
 * The vocabulary of the large data set's content (bench/src/large/content.ts): the words news,
 * calendar entries, lifecycle steps, contacts, campaigns and feed items are made of. Each list has
 * an English and a Finnish column of the same length, so that a row picks one index and gets both
 * languages. Finnish housing companies get Finnish texts (with English beside them in half of the
 * items); the others English only.
 */

/** [English, Finnish] pairs. */
type Pairs = readonly (readonly [string, string])[];

/** What a news item is about. */
const NEWS_SUBJECTS: Pairs = [
  ['Water shut-off', 'Vesikatko'],
  ['Courtyard renovation', 'Piharemontti'],
  ['New sauna shifts', 'Uudet saunavuorot'],
  ['Annual general meeting', 'Yhtiökokous'],
  ['Heating adjustment', 'Lämmityksen säätö'],
  ['Window cleaning', 'Ikkunanpesu'],
  ['Parking area maintenance', 'Pysäköintialueen huolto'],
  ['Waste sorting changes', 'Jätteiden lajittelun muutokset'],
  ['Elevator inspection', 'Hissin tarkastus'],
  ['Balcony repairs', 'Parvekekorjaukset'],
  ['Snow clearing', 'Lumityöt'],
  ['Bicycle storage clean-up', 'Pyörävaraston siivous'],
  ['Fire safety inspection', 'Paloturvallisuustarkastus'],
  ['Roof maintenance', 'Katon huolto'],
  ['Laundry room bookings', 'Pesutuvan varaukset'],
  ['Electric car charging', 'Sähköautojen lataus'],
  ['Stairwell painting', 'Porraskäytävän maalaus'],
  ['Ventilation cleaning', 'Ilmanvaihdon puhdistus'],
  ['Yard party', 'Pihajuhlat'],
  ['Broadband upgrade', 'Laajakaistan päivitys'],
  ['Pipe renovation plans', 'Putkiremontin suunnitelmat'],
  ['Spring clean-up day', 'Kevättalkoot'],
  ['Door phone replacement', 'Ovipuhelimen vaihto'],
  ['Pest control visit', 'Tuholaistorjunta'],
];

/** How a news title goes on. */
const NEWS_QUALIFIERS: Pairs = [
  ['in staircase A', 'A-rapussa'],
  ['in staircase B', 'B-rapussa'],
  ['next week', 'ensi viikolla'],
  ['this autumn', 'tänä syksynä'],
  ['on Monday', 'maanantaina'],
  ['starts', 'alkaa'],
  ['postponed', 'siirtyy'],
  ['completed', 'valmistui'],
  ['schedule', 'aikataulu'],
  ['update', 'päivitys'],
  ['reminder', 'muistutus'],
  ['in the spring', 'keväällä'],
];

/** The first paragraph of an item (its introduction). */
const INTRODUCTIONS: Pairs = [
  [
    'Please read the arrangements below and plan your week accordingly.',
    'Lue alla olevat järjestelyt ja suunnittele viikkosi niiden mukaan.',
  ],
  [
    'The board has decided on the work after comparing three offers.',
    'Hallitus päätti työstä kolmen tarjouksen vertailun jälkeen.',
  ],
  ['The maintenance company will do the work during office hours.', 'Huoltoyhtiö tekee työn virka-aikana.'],
  [
    'Residents are asked to keep the passages clear while the work goes on.',
    'Asukkaita pyydetään pitämään kulkuväylät vapaina töiden ajan.',
  ],
  [
    'The property manager answers questions by e-mail and phone.',
    'Isännöitsijä vastaa kysymyksiin sähköpostitse ja puhelimitse.',
  ],
  [
    'This affects every apartment in the building for one day.',
    'Tämä koskee rakennuksen kaikkia asuntoja yhden päivän ajan.',
  ],
  [
    'The change follows the decision of the annual general meeting.',
    'Muutos perustuu yhtiökokouksen päätökseen.',
  ],
  [
    'A notice with the details has also been put up in the stairwells.',
    'Tarkemmat tiedot on myös porraskäytävien ilmoitustauluilla.',
  ],
];

/** Sentences of the body text. */
const SENTENCES: Pairs = [
  [
    'The work begins at eight in the morning and should be finished by four in the afternoon.',
    'Työ alkaa kahdeksalta aamulla ja sen pitäisi valmistua iltapäivällä neljään mennessä.',
  ],
  [
    'Water may be brown for a while afterwards; let the tap run until it is clear.',
    'Vesi voi olla hetken ruskeaa; juoksuta hanaa, kunnes vesi on kirkasta.',
  ],
  [
    'Cars must be moved from the marked places by the evening before.',
    'Autot on siirrettävä merkityiltä paikoilta edellisenä iltana.',
  ],
  [
    'The contractor has the keys to the technical rooms and the attic.',
    'Urakoitsijalla on avaimet teknisiin tiloihin ja ullakolle.',
  ],
  [
    'If you cannot be at home, you do not need to do anything; the workers have a master key.',
    'Jos et ole kotona, sinun ei tarvitse tehdä mitään; työntekijöillä on yleisavain.',
  ],
  [
    'The cost is covered by the maintenance charge and does not change this year.',
    'Kustannus katetaan hoitovastikkeella eikä se muutu tänä vuonna.',
  ],
  [
    'Please report any faults through the portal or to the maintenance company.',
    'Ilmoitathan vioista portaalin kautta tai huoltoyhtiölle.',
  ],
  [
    'The minutes of the meeting are in the document library.',
    'Kokouksen pöytäkirja löytyy dokumenttikirjastosta.',
  ],
  ['Thank you for your patience while the work is done.', 'Kiitos kärsivällisyydestänne töiden aikana.'],
  [
    'Coffee and buns are served in the clubroom after the event.',
    'Tilaisuuden jälkeen kerhohuoneessa tarjoillaan kahvit ja pullat.',
  ],
  [
    'Children are welcome, and the yard games are out all afternoon.',
    'Lapset ovat tervetulleita, ja pihapelit ovat esillä koko iltapäivän.',
  ],
  [
    'Sign up by replying to the e-mail sent to every resident.',
    'Ilmoittaudu vastaamalla kaikille asukkaille lähetettyyn sähköpostiin.',
  ],
];

/** What a calendar entry is about. */
const CALENDAR_SUBJECTS: Pairs = [
  ['Board meeting', 'Hallituksen kokous'],
  ['Annual general meeting', 'Varsinainen yhtiökokous'],
  ['Spring clean-up day', 'Kevättalkoot'],
  ['Autumn clean-up day', 'Syystalkoot'],
  ['Sauna evening', 'Saunailta'],
  ['Return the parking permit form', 'Palauta pysäköintilupalomake'],
  ['Book your storage clean-up slot', 'Varaa aika varastosiivoukseen'],
  ['Water meter reading', 'Vesimittarin lukeminen'],
  ['Material selections due', 'Materiaalivalintojen määräpäivä'],
  ['Apartment inspection', 'Asuntotarkastus'],
  ['Chimney sweeping', 'Nuohous'],
  ['Residents’ coffee morning', 'Asukaskahvit'],
  ['Smoke alarm check', 'Palovaroittimen tarkistus'],
  ['Key handover', 'Avainten luovutus'],
  ['Warranty inspection', 'Takuutarkastus'],
  ['Fire drill', 'Poistumisharjoitus'],
];

const LOCATIONS: Pairs = [
  ['Clubroom', 'Kerhohuone'],
  ['Courtyard', 'Sisäpiha'],
  ['Sauna floor', 'Saunakerros'],
  ['Online meeting', 'Etäkokous'],
  ['Site office', 'Työmaatoimisto'],
  ['Laundry room', 'Pesutupa'],
];

/** Lifecycle steps of a building project, in their order. */
const STEP_TITLES: Pairs = [
  ['Construction starts', 'Rakentaminen alkaa'],
  ['Foundations are ready', 'Perustukset valmiit'],
  ['Frame rises', 'Runko nousee'],
  ['Topping-out', 'Harjannostajaiset'],
  ['Interior selections open', 'Sisustusvalinnat avautuvat'],
  ['Windows and roof are in', 'Ikkunat ja katto paikoillaan'],
  ['Interior work begins', 'Sisätyöt alkavat'],
  ['Apartment visits', 'Asuntoesittelyt'],
  ['Final inspection', 'Loppukatselmus'],
  ['Key handover', 'Avainten luovutus'],
  ['Moving in', 'Muutto'],
  ['Warranty period begins', 'Takuuaika alkaa'],
];

/** Contacts every housing company has: [title, contact taxonomy, priority, primary]. */
export const COMPANY_CONTACTS: readonly {
  title: string;
  taxonomy: string;
  priority: number;
  primary: boolean;
}[] = [
  { title: 'Caretaker', taxonomy: 'maintenance', priority: 10, primary: true },
  { title: 'Board chair', taxonomy: 'building_administration', priority: 20, primary: false },
  { title: 'Property manager', taxonomy: 'property_management', priority: 999, primary: true },
];

/** Words of campaigns and advertisements. */
const CAMPAIGN_SUBJECTS: Pairs = [
  ['Kitchen renovation', 'Keittiöremontti'],
  ['Moving-in cleaning', 'Muuttosiivous'],
  ['Heat pump installation', 'Lämpöpumpun asennus'],
  ['Home insurance', 'Kotivakuutus'],
  ['Balcony glazing', 'Parvekelasitus'],
  ['Smart thermostat', 'Älytermostaatti'],
  ['Furniture assembly', 'Huonekalujen kokoaminen'],
  ['Window cleaning', 'Ikkunanpesu'],
  ['Bathroom makeover', 'Kylpyhuoneen uudistus'],
  ['Storage service', 'Varastointipalvelu'],
];

const CAMPAIGN_OFFERS: Pairs = [
  ['10 % off', '-10 %'],
  ['for new residents', 'uusille asukkaille'],
  ['this month', 'tässä kuussa'],
  ['free quote', 'ilmainen tarjous'],
  ['spring offer', 'kevättarjous'],
  ['autumn offer', 'syystarjous'],
];

export const CAMPAIGN_CATEGORIES = ['renovation', 'cleaning', 'energy', 'moving', 'insurance', 'furniture'];

/** Names of the shop partners (with a number, as many as wanted). */
export const SHOP_PARTNER_NAMES = [
  'Kitchen Works',
  'Clean Home',
  'Heat & Air',
  'Safe Home Insurance',
  'Glass Balcony',
  'Smart Living',
  'Furniture Help',
  'Shine Windows',
  'Bath Studio',
  'Store It',
];

/** Titles of the recommended articles and corporate news feeds (English, Finnish). */
const FEED_TITLES: Pairs = [
  ['How to read the financial statement', 'Näin luet tilinpäätöstä'],
  ['Preparing for the annual general meeting', 'Valmistaudu yhtiökokoukseen'],
  ['Saving energy in winter', 'Energiansäästö talvella'],
  ['What the maintenance charge covers', 'Mitä hoitovastike kattaa'],
  ['Planning a renovation in your apartment', 'Remontin suunnittelu asunnossa'],
  ['Good neighbourly relations', 'Hyvät naapurisuhteet'],
  ['Quarterly results published', 'Osavuosikatsaus julkaistu'],
  ['New housing projects started', 'Uusia asuntohankkeita aloitettu'],
  ['Sustainability report', 'Vastuullisuusraportti'],
  ['Customer satisfaction survey results', 'Asiakastyytyväisyyskyselyn tulokset'],
];

function column(pairs: Pairs, i: 0 | 1): string[] {
  return pairs.map((p) => p[i]);
}

/** The word lists as SQL array parameters, English and Finnish. */
export const VOCABULARY = {
  newsSubjects: { en: column(NEWS_SUBJECTS, 0), fi: column(NEWS_SUBJECTS, 1) },
  newsQualifiers: { en: column(NEWS_QUALIFIERS, 0), fi: column(NEWS_QUALIFIERS, 1) },
  introductions: { en: column(INTRODUCTIONS, 0), fi: column(INTRODUCTIONS, 1) },
  sentences: { en: column(SENTENCES, 0), fi: column(SENTENCES, 1) },
  calendarSubjects: { en: column(CALENDAR_SUBJECTS, 0), fi: column(CALENDAR_SUBJECTS, 1) },
  locations: { en: column(LOCATIONS, 0), fi: column(LOCATIONS, 1) },
  stepTitles: { en: column(STEP_TITLES, 0), fi: column(STEP_TITLES, 1) },
  campaignSubjects: { en: column(CAMPAIGN_SUBJECTS, 0), fi: column(CAMPAIGN_SUBJECTS, 1) },
  campaignOffers: { en: column(CAMPAIGN_OFFERS, 0), fi: column(CAMPAIGN_OFFERS, 1) },
  feedTitles: { en: column(FEED_TITLES, 0), fi: column(FEED_TITLES, 1) },
} as const;

export type WordList = keyof typeof VOCABULARY;
