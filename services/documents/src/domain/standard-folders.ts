import {
  APARTMENT_FOLDER_KEYS,
  type FolderRule,
  type FolderRuleGroup,
  type Language,
  PROJECT_FOLDER_KEYS,
  type StandardFolderKey,
} from '@porta/contracts';
import { uuidv7 } from '@porta/service-kit';
import type { DocumentsDb } from '../context.js';
import { folders } from '../db/schema.js';

/**
 * The standard folders of 03 §3 (ADR 0030): every housing company gets the project folders, every
 * apartment the apartment folders, each with its names in the nine languages and the rules it
 * starts with. Staff may rename, hide and re-rule them, and add their own; they are not deleted.
 */

type Names = Record<Language, string>;

interface StandardFolder {
  names: Names;
  rules: FolderRule[];
  visible: boolean;
}

const read = (...groups: FolderRuleGroup[]): FolderRule[] =>
  groups.map((group) => ({ group, read: true, create: false, update: false, delete: false }));
const readWrite = (...groups: FolderRuleGroup[]): FolderRule[] =>
  groups.map((group) => ({ group, read: true, create: true, update: true, delete: true }));
const readUpload = (...groups: FolderRuleGroup[]): FolderRule[] =>
  groups.map((group) => ({ group, read: true, create: true, update: false, delete: false }));

export const STANDARD_FOLDERS: Record<StandardFolderKey, StandardFolder> = {
  home: {
    names: {
      en: 'Home manual',
      fi: 'Huoltokirja',
      sv: 'Servicebok',
      et: 'Kodu kasutusjuhend',
      lv: 'Mājas rokasgrāmata',
      lt: 'Namo vadovas',
      pl: 'Instrukcja domu',
      cs: 'Příručka domu',
      sk: 'Príručka domu',
    },
    rules: read('hc_all'),
    visible: true,
  },
  hc_common: {
    names: {
      en: 'Common documents',
      fi: 'Yhteiset asiakirjat',
      sv: 'Gemensamma dokument',
      et: 'Ühised dokumendid',
      lv: 'Kopīgie dokumenti',
      lt: 'Bendri dokumentai',
      pl: 'Dokumenty wspólne',
      cs: 'Společné dokumenty',
      sk: 'Spoločné dokumenty',
    },
    rules: read('hc_all'),
    visible: true,
  },
  hc_board: {
    names: {
      en: 'Board',
      fi: 'Hallitus',
      sv: 'Styrelsen',
      et: 'Juhatus',
      lv: 'Valde',
      lt: 'Valdyba',
      pl: 'Zarząd',
      cs: 'Výbor',
      sk: 'Výbor',
    },
    rules: readWrite('hc_board'),
    visible: true,
  },
  owner: {
    names: {
      en: 'Owners',
      fi: 'Osakkaat',
      sv: 'Delägare',
      et: 'Omanikud',
      lv: 'Īpašnieki',
      lt: 'Savininkai',
      pl: 'Właściciele',
      cs: 'Vlastníci',
      sk: 'Vlastníci',
    },
    rules: read('hc_owners'),
    visible: true,
  },
  tenant: {
    names: {
      en: 'Tenants',
      fi: 'Vuokralaiset',
      sv: 'Hyresgäster',
      et: 'Üürnikud',
      lv: 'Īrnieki',
      lt: 'Nuomininkai',
      pl: 'Najemcy',
      cs: 'Nájemníci',
      sk: 'Nájomníci',
    },
    rules: read('apt_tenant', 'hc_owners'),
    visible: true,
  },
  hc_waste_management: {
    names: {
      en: 'Waste management',
      fi: 'Jätehuolto',
      sv: 'Avfallshantering',
      et: 'Jäätmekäitlus',
      lv: 'Atkritumu apsaimniekošana',
      lt: 'Atliekų tvarkymas',
      pl: 'Gospodarka odpadami',
      cs: 'Odpadové hospodářství',
      sk: 'Odpadové hospodárstvo',
    },
    rules: read('hc_all'),
    visible: true,
  },
  hc_parking: {
    names: {
      en: 'Parking',
      fi: 'Pysäköinti',
      sv: 'Parkering',
      et: 'Parkimine',
      lv: 'Autostāvvieta',
      lt: 'Automobilių stovėjimas',
      pl: 'Parking',
      cs: 'Parkování',
      sk: 'Parkovanie',
    },
    rules: read('hc_all'),
    visible: true,
  },
  crm_import: {
    names: {
      en: 'Imported documents',
      fi: 'Tuodut asiakirjat',
      sv: 'Importerade dokument',
      et: 'Imporditud dokumendid',
      lv: 'Importētie dokumenti',
      lt: 'Importuoti dokumentai',
      pl: 'Zaimportowane dokumenty',
      cs: 'Importované dokumenty',
      sk: 'Importované dokumenty',
    },
    // Files brought over from the customer register wait here for staff to sort them.
    rules: [],
    visible: false,
  },
  apt_owner: {
    names: {
      en: 'Owner’s documents',
      fi: 'Omistajan asiakirjat',
      sv: 'Ägarens dokument',
      et: 'Omaniku dokumendid',
      lv: 'Īpašnieka dokumenti',
      lt: 'Savininko dokumentai',
      pl: 'Dokumenty właściciela',
      cs: 'Dokumenty vlastníka',
      sk: 'Dokumenty vlastníka',
    },
    rules: readUpload('apt_owner'),
    visible: true,
  },
  apt_documents: {
    names: {
      en: 'Apartment documents',
      fi: 'Asunnon asiakirjat',
      sv: 'Bostadens dokument',
      et: 'Korteri dokumendid',
      lv: 'Dzīvokļa dokumenti',
      lt: 'Buto dokumentai',
      pl: 'Dokumenty mieszkania',
      cs: 'Dokumenty bytu',
      sk: 'Dokumenty bytu',
    },
    rules: read('apt_documents'),
    visible: true,
  },
  apt_invoices: {
    names: {
      en: 'Invoices',
      fi: 'Laskut',
      sv: 'Fakturor',
      et: 'Arved',
      lv: 'Rēķini',
      lt: 'Sąskaitos',
      pl: 'Faktury',
      cs: 'Faktury',
      sk: 'Faktúry',
    },
    rules: read('apt_invoices'),
    visible: true,
  },
  apt_maintenance: {
    names: {
      en: 'Maintenance',
      fi: 'Huolto',
      sv: 'Underhåll',
      et: 'Hooldus',
      lv: 'Apkope',
      lt: 'Priežiūra',
      pl: 'Konserwacja',
      cs: 'Údržba',
      sk: 'Údržba',
    },
    rules: readUpload('apt_maintenance'),
    visible: true,
  },
  apt_tenant: {
    names: {
      en: 'Tenant’s documents',
      fi: 'Vuokralaisen asiakirjat',
      sv: 'Hyresgästens dokument',
      et: 'Üürniku dokumendid',
      lv: 'Īrnieka dokumenti',
      lt: 'Nuomininko dokumentai',
      pl: 'Dokumenty najemcy',
      cs: 'Dokumenty nájemníka',
      sk: 'Dokumenty nájomníka',
    },
    rules: readUpload('apt_tenant'),
    visible: true,
  },
};

function rowsOf(
  keys: readonly StandardFolderKey[],
  housingCompanyId: string,
  apartmentId: string | null,
): (typeof folders.$inferInsert)[] {
  return keys.map((key, position) => {
    const { names, rules, visible } = STANDARD_FOLDERS[key];
    const { en, ...translations } = names;
    return {
      id: uuidv7(),
      housingCompanyId,
      apartmentId,
      scope: apartmentId ? 'apartment' : 'project',
      key,
      name: en,
      translations,
      rules,
      visible,
      position,
    };
  });
}

/**
 * Makes the standard folders of a housing company and of its apartments, once: what this process
 * made (or found made) is remembered, so that a request entering the company costs nothing after
 * the first. Inserting what is there already is a no-op (the unique keys), so instances and
 * identity's events may race.
 */
export class StandardFolders {
  private readonly done = new Set<string>();

  constructor(private readonly db: DocumentsDb) {}

  async ensure(housingCompanyId: string, apartmentIds: readonly string[]): Promise<void> {
    const rows: (typeof folders.$inferInsert)[] = [];
    if (!this.done.has(housingCompanyId)) rows.push(...rowsOf(PROJECT_FOLDER_KEYS, housingCompanyId, null));
    const apartments = apartmentIds.filter((id) => !this.done.has(id));
    for (const id of apartments) rows.push(...rowsOf(APARTMENT_FOLDER_KEYS, housingCompanyId, id));
    if (rows.length === 0) return;
    // A large company's apartments in a few statements.
    for (let i = 0; i < rows.length; i += 500) {
      await this.db
        .insert(folders)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing();
    }
    if (this.done.size > 200_000) this.done.clear();
    this.done.add(housingCompanyId);
    for (const id of apartments) this.done.add(id);
  }
}
