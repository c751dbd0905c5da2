import type { CampaignTexts } from '../db/schema.js';

/*
 * The demo campaigns' Finnish and Swedish texts, by codename (issue 17: the shop reads in the
 * resident's language too). shop.ts keeps the English (and the Finnish written with it); these
 * fill in the rest. A text missing here falls back to English as any untranslated campaign does.
 */
export const CAMPAIGN_TRANSLATIONS: Record<string, { fi?: CampaignTexts; sv: CampaignTexts }> = {
  'kitchen-renovation-spring': {
    sv: {
      title: 'Köksrenovering 15 % rabatt',
      content: '<p>Förnya ditt kök i vår: planering, inredning och montering från en och samma partner.</p>',
      extendedContent: '<ul><li>Kostnadsfritt planeringsbesök</li><li>Montering inom fyra veckor</li></ul>',
      ctaText: 'Boka ett planeringsbesök',
    },
  },
  'moving-in-cleaning': {
    fi: {
      title: 'Muuttosiivous uuteen kotiin',
      content: '<p>Muuta puhtaaseen kotiin: perusteellinen siivous ennen muuttopäivää.</p>',
    },
    sv: {
      title: 'Inflyttningsstädning för nya hem',
      content: '<p>Flytta in i ett skinande rent hem: en grundlig städning före flyttdagen.</p>',
    },
  },
  'interior-design-consultation': {
    fi: {
      title: 'Sisustussuunnittelijan konsultaatio',
      content: '<p>Suunnittele uusi kotisi sisustussuunnittelijan kanssa kaksi kuukautta ennen muuttoa.</p>',
    },
    sv: {
      title: 'Konsultation med inredningsarkitekt',
      content: '<p>Planera ditt nya hem med en inredningsarkitekt två månader före inflyttningen.</p>',
    },
  },
  'window-cleaning-linden': {
    sv: {
      title: 'Vårens fönstertvätt',
      content: '<p>Alla fönster på båda sidor, även balonginglasningen.</p>',
    },
  },
  'sauna-maintenance-large-homes': {
    fi: {
      title: 'Saunahuolto isompiin koteihin',
      content: '<p>Kiukaan tarkastus, lauteiden öljyäminen ja kivien vaihto vähintään 60 m²:n koteihin.</p>',
    },
    sv: {
      title: 'Bastuservice för större hem',
      content: '<p>Kontroll av aggregatet, oljning av lavarna och stenbyte för hem på minst 60 m².</p>',
    },
  },
  'studio-storage-package': {
    fi: {
      title: 'Fiksu säilytys yksiöihin',
      content: '<p>Mittatilaustyönä seinähyllyt ja sängynaluslaatikot enintään 40 m²:n koteihin.</p>',
    },
    sv: {
      title: 'Smart förvaring för ettor',
      content: '<p>Måttbeställda vägghyllor och lådor under sängen för hem på högst 40 m².</p>',
    },
  },
  'birch-hill-garden-care': {
    fi: {
      title: 'Pihanhoito Birch Hilliin',
      content: '<p>Nurmikko, pensasaidat ja kukkapenkit koko kesän ajan.</p>',
    },
    sv: {
      title: 'Trädgårdsskötsel för Birch Hill',
      content: '<p>Gräsmatta, häckar och rabatter hela sommaren.</p>',
    },
  },
  'solar-panels-uusimaa': {
    fi: {
      title: 'Aurinkopaneelit taloyhtiöille',
      content: '<p>Pienennä yhteistä sähkölaskua katolle asennettavilla aurinkopaneeleilla.</p>',
      linkText: 'Lue lisää',
    },
    sv: {
      title: 'Solpaneler för husbolag',
      content: '<p>Sänk den gemensamma elräkningen med solpaneler på taket.</p>',
      linkText: 'Läs mer',
    },
  },
  'smart-thermostat-everyone': {
    fi: {
      title: 'Älykkäät termostaatit',
      content: '<p>Säästä energiaa huonekohtaisella lämmönsäädöllä.</p>',
    },
    sv: { title: 'Smarta termostater', content: '<p>Spara energi med rumsvis styrning av värmen.</p>' },
  },
  'winter-window-cleaning-ended': {
    fi: { title: 'Talven ikkunanpesu', content: '<p>Tämä tarjous on päättynyt.</p>' },
    sv: { title: 'Vinterns fönstertvätt', content: '<p>Det här erbjudandet har gått ut.</p>' },
  },
  'summer-terrace-upcoming': {
    fi: { title: 'Kesäterassin kunnostus', content: '<p>Tulossa pian.</p>' },
    sv: { title: 'Sommarterrassen i nytt skick', content: '<p>Kommer snart.</p>' },
  },
  'heat-pump-advertisement': {
    fi: {
      title: 'Lämpöpumpun tarkastus ennen talvea',
      content: '<p>Huoltokäynti pitää lämpöpumppusi tehokkaana.</p>',
      ctaText: 'Varaa käynti',
    },
    sv: {
      title: 'Kontroll av värmepumpen före vintern',
      content: '<p>Ett servicebesök håller din värmepump effektiv.</p>',
      ctaText: 'Boka ett besök',
    },
  },
  'new-home-insurance-draft': {
    fi: {
      title: 'Kotivakuutus uusille omistajille',
      content: '<p>Mainosluonnos.</p>',
      ctaText: 'Pyydä tarjous',
    },
    sv: {
      title: 'Hemförsäkring för nya ägare',
      content: '<p>Utkast till annons.</p>',
      ctaText: 'Begär en offert',
    },
  },
};
