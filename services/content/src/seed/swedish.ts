import { WELCOME_ARTICLE_CODENAME } from '@porta/contracts';
import type { ArticleTexts, CalendarTexts } from '../db/schema.js';

/*
 * The Swedish variants of the demo's news and calendar, by codename (issue 17: a Swedish-speaking
 * resident reads the demo in Swedish, not English under Swedish labels). Kept beside the English
 * and Finnish texts' table so that editorial.ts stays one item per entry; a codename missing here
 * falls back to the item's default language (English) as any untranslated item does.
 */

const p = (...paragraphs: string[]) => paragraphs.map((t) => `<p>${t}</p>`).join('');

export const SWEDISH_ARTICLES: Record<string, ArticleTexts> = {
  'porta-has-a-new-look': {
    title: 'Invånarportalen har fått ett nytt utseende',
    introduction: 'Nyheter, kalender och husbolagets dokument finns nu på ett och samma ställe.',
    content: p(
      'Vi har förnyat invånarportalen. Startsidan visar de senaste nyheterna, kommande evenemang och uppgifter samt dina egna snabblänkar.',
      'Berätta vad du tycker i responsrutan på startsidan.',
    ),
  },
  [WELCOME_ARTICLE_CODENAME]: {
    title: 'Välkommen till ditt nya hems portal',
    introduction: 'Följ bygget av ditt hem, gör dina materialval och hitta dina kontaktpersoner här.',
    content: p(
      'Välkommen! Medan ditt hem byggs håller portalen dig uppdaterad om bygget, tidsfristerna för materialval och vem du kan kontakta.',
      'När du har flyttat in sköter samma portal husbolagets vardag.',
    ),
  },
  'harbour-view-foundations-ready': {
    title: 'Grunden är klar',
    content: p('Grundarbetet vid Harbour View är klart och stommen reses enligt tidtabellen.'),
  },
  'harbour-view-site-visit': {
    title: 'Köparnas byggplatsbesök om två veckor',
    introduction: 'Se ditt blivande hem på plats: anmäl dig till den guidade rundvandringen.',
    content: p('Skyddsskor och hjälmar delas ut vid grinden. Besöket tar ungefär en timme.'),
  },
  'harbour-view-roof-schedule': {
    title: 'Takarbetet börjar nästa månad',
    content: p('Takstolarna levereras nästa månad; huset är väderskyddat före vintern.'),
  },
  'linden-court-water-shut-off': {
    title: 'Vattenavbrott i trappa B på torsdag',
    introduction: 'Vattnet är avstängt i trappa B på torsdag kl. 9–13 på grund av rörreparationer.',
    content: p('Spara gärna lite vatten i förväg. Kranarna kan spruta när vattnet kommer tillbaka.'),
  },
  'linden-court-general-meeting-notice': {
    title: 'Kallelse till ordinarie bolagsstämma',
    introduction:
      'Den ordinarie bolagsstämman hålls i klubbrummet; föredragningslistan finns bland dokumenten.',
    content: p(
      'Delägarna i Linden Court kallas till ordinarie bolagsstämma.',
      'Fullmakter lämnas till disponenten före stämman.',
    ),
  },
  'linden-court-courtyard-renovation': {
    title: 'Gårdsrenoveringen är halvvägs',
    content: p('Den nya lekplatsen är klar; planteringarna börjar nästa vecka.'),
  },
  'linden-court-bicycle-storage': {
    title: 'Mer plats i cykelförrådet',
    content: p('Cyklar utan ägare har förts bort; nu finns det 20 lediga platser i förrådet.'),
  },
  'linden-court-sauna-times': {
    title: 'Nya tider för bastuturerna',
    content: p('De gemensamma bastuturerna börjar nu kl. 17 på vardagar och kl. 15 på veckoslut.'),
  },
  'linden-court-autumn-offers': {
    title: 'Höstens erbjudanden i servicebutiken',
    content: p('Fönstertvätt och balonginglasning till invånarpris i höst.'),
  },
  'linden-court-board-minutes': {
    title: 'Styrelsens mötesprotokoll för granskning',
    content: p(
      'Utkastet till protokoll från det senaste styrelsemötet finns i styrelsens mapp; kommentarer senast på fredag.',
    ),
  },
  'linden-court-spring-cleaning-results': {
    title: 'Tack för vårens talkodag',
    content: p('Över trettio invånare deltog i vårtalkot. Gården har aldrig sett bättre ut.'),
  },
  'linden-court-elevator-maintenance': {
    title: 'Hissunderhåll nästa vecka',
    content: p('Hissen i trappa A är ur bruk på måndag kl. 8–16.'),
  },
  'birch-hill-heating-maintenance': {
    title: 'Underhåll av värmesystemet',
    content: p('Fjärrvärmeväxlaren servas på onsdag; elementen kan svalna under några timmar.'),
  },
  'birch-hill-parking-rules': {
    title: 'Regler för gästparkering',
    content: p('Gästplatserna är endast för besökare; parkera högst 24 timmar åt gången.'),
  },
};

export const SWEDISH_ENTRIES: Record<string, CalendarTexts> = {
  'harbour-view-kitchen-selection-deadline': {
    title: 'Sista dag för köksmaterialval',
    content: p('Välj köksskåp, arbetsskivor och vitvaror i valstudion.'),
  },
  'harbour-view-bathroom-selection-deadline': {
    title: 'Sista dag för badrumsmaterialval',
    content: p('Välj kakel, armaturer och duschvägg för ditt badrum.'),
  },
  'harbour-view-site-visit-day': {
    title: 'Köparnas byggplatsbesök',
    content: p('En guidad rundvandring på byggplatsen för köpare.'),
    location: 'Harbour Views byggplatsgrind',
  },
  'linden-court-autumn-cleaning-day': {
    title: 'Hösttalko',
    content: p('Krattning, rännrensning och gemensam soppa efteråt. Redskap finns.'),
    location: 'Innergården',
  },
  'linden-court-general-meeting': {
    title: 'Ordinarie bolagsstämma',
    content: p('Föredragningslistan och bokslutet finns bland dokumenten.'),
    location: 'Klubbrummet',
  },
  'linden-court-parking-permit-form': {
    title: 'Lämna in blanketten för parkeringstillstånd',
    content: p('Fyll i blanketten för nästa års parkeringstillstånd och lämna den till disponenten.'),
  },
  'linden-court-balcony-check': {
    title: 'Töm balkongen inför granskningen',
    content: p('Balkongerna granskas nästa månad; håll golvbrunnarna fria.'),
  },
  'linden-court-sauna-shift-deadline': {
    title: 'Sista dag för ansökan om bastutur',
    content: p('Ansök om en egen bastutur för nästa säsong via disponenten.'),
  },
  'linden-court-summer-party': {
    title: 'Sommarfest',
    content: p('Tack till alla som kom på sommarfesten!'),
    location: 'Innergården',
  },
  'linden-court-board-meeting': {
    title: 'Styrelsemöte',
    content: p('Endast för styrelsemedlemmar.'),
    location: 'Klubbrummet',
  },
  'birch-hill-courtyard-barbecue': {
    title: 'Grillkväll på gården',
    content: p('Ta med egen mat; grillen tänds klockan tre.'),
    location: 'Grillskyddet',
  },
};
