import {
  EMAIL_CHANGE_LINK_TTL_HOURS,
  FIRST_LOGIN_LINK_TTL_HOURS,
  type Language,
  languageOfLocale,
} from '@porta/contracts';
import type { MailMessage } from '@porta/service-kit';

/** The parts of a mail that differ per language; {name}, {link} and {email} are filled in. */
interface MailText {
  subject: string;
  body: string;
}

const H = EMAIL_CHANGE_LINK_TTL_HOURS;
const D = FIRST_LOGIN_LINK_TTL_HOURS / 24;

/** To the new address: confirm the e-mail change (valid EMAIL_CHANGE_LINK_TTL_HOURS, once). */
const EMAIL_CHANGE: Record<Language, MailText> = {
  en: {
    subject: 'Confirm your new e-mail address for Porta',
    body: `Hello {name},\n\nYou asked to change the e-mail address of your Porta account to this address. Confirm the change by opening the link below. The link works for ${H} hours and only once.\n\n{link}\n\nIf you did not ask for this, you can ignore this message; your address stays unchanged.\n\nPorta`,
  },
  fi: {
    subject: 'Vahvista uusi sähköpostiosoitteesi Portaan',
    body: `Hei {name},\n\nPyysit Porta-tilisi sähköpostiosoitteen vaihtamista tähän osoitteeseen. Vahvista muutos avaamalla alla oleva linkki. Linkki on voimassa ${H} tuntia ja sen voi käyttää vain kerran.\n\n{link}\n\nJos et pyytänyt muutosta, voit jättää tämän viestin huomiotta; osoitteesi pysyy ennallaan.\n\nPorta`,
  },
  sv: {
    subject: 'Bekräfta din nya e-postadress för Porta',
    body: `Hej {name},\n\nDu har bett om att e-postadressen för ditt Porta-konto ändras till den här adressen. Bekräfta ändringen genom att öppna länken nedan. Länken gäller i ${H} timmar och kan användas en gång.\n\n{link}\n\nOm du inte har bett om detta kan du bortse från meddelandet; din adress förblir oförändrad.\n\nPorta`,
  },
  et: {
    subject: 'Kinnita oma uus e-posti aadress Portas',
    body: `Tere, {name}!\n\nSoovisid muuta oma Porta konto e-posti aadressi sellele aadressile. Kinnita muudatus, avades alloleva lingi. Link kehtib ${H} tundi ja seda saab kasutada ühe korra.\n\n{link}\n\nKui sa seda ei soovinud, võid selle kirja tähelepanuta jätta; sinu aadress jääb samaks.\n\nPorta`,
  },
  lv: {
    subject: 'Apstipriniet savu jauno e-pasta adresi Porta',
    body: `Labdien, {name}!\n\nJūs lūdzāt mainīt sava Porta konta e-pasta adresi uz šo adresi. Apstipriniet izmaiņas, atverot zemāk esošo saiti. Saite ir derīga ${H} stundas un izmantojama vienu reizi.\n\n{link}\n\nJa jūs to nelūdzāt, varat šo ziņojumu ignorēt; jūsu adrese paliks nemainīta.\n\nPorta`,
  },
  lt: {
    subject: 'Patvirtinkite naują el. pašto adresą „Porta“',
    body: `Sveiki, {name},\n\nPaprašėte pakeisti savo „Porta“ paskyros el. pašto adresą į šį adresą. Patvirtinkite pakeitimą atidarę toliau pateiktą nuorodą. Nuoroda galioja ${H} valandas ir gali būti panaudota vieną kartą.\n\n{link}\n\nJei to neprašėte, šį laišką galite ignoruoti; jūsų adresas nepasikeis.\n\nPorta`,
  },
  pl: {
    subject: 'Potwierdź nowy adres e-mail w Porta',
    body: `Dzień dobry {name},\n\nOtrzymaliśmy prośbę o zmianę adresu e-mail Twojego konta Porta na ten adres. Potwierdź zmianę, otwierając poniższy link. Link jest ważny przez ${H} godziny i można go użyć tylko raz.\n\n{link}\n\nJeśli to nie Ty, zignoruj tę wiadomość; Twój adres pozostanie bez zmian.\n\nPorta`,
  },
  cs: {
    subject: 'Potvrďte svou novou e-mailovou adresu v Porta',
    body: `Dobrý den, {name},\n\nobdrželi jsme žádost o změnu e-mailové adresy vašeho účtu Porta na tuto adresu. Změnu potvrďte otevřením odkazu níže. Odkaz platí ${H} hodin a lze jej použít jen jednou.\n\n{link}\n\nPokud jste o změnu nežádali, tuto zprávu ignorujte; vaše adresa zůstane beze změny.\n\nPorta`,
  },
  sk: {
    subject: 'Potvrďte svoju novú e-mailovú adresu v Porta',
    body: `Dobrý deň, {name},\n\ndostali sme žiadosť o zmenu e-mailovej adresy vášho účtu Porta na túto adresu. Zmenu potvrďte otvorením odkazu nižšie. Odkaz platí ${H} hodín a dá sa použiť iba raz.\n\n{link}\n\nAk ste o zmenu nežiadali, túto správu ignorujte; vaša adresa zostane nezmenená.\n\nPorta`,
  },
};

/** To a user created by staff: set the password (valid FIRST_LOGIN_LINK_TTL_HOURS, once). */
const INVITATION: Record<Language, MailText> = {
  en: {
    subject: 'Your invitation to Porta',
    body: `Hello {name},\n\nAn account has been created for you in Porta, the portal of your housing company. Open the link below to set your password. The link works for ${D} days and only once.\n\n{link}\n\nThen sign in with the address {email} and complete your registration.\n\nPorta`,
  },
  fi: {
    subject: 'Kutsu Portaan',
    body: `Hei {name},\n\nSinulle on luotu tili Portaan, taloyhtiösi portaaliin. Aseta salasanasi avaamalla alla oleva linkki. Linkki on voimassa ${D} päivää ja sen voi käyttää vain kerran.\n\n{link}\n\nKirjaudu sen jälkeen sisään osoitteella {email} ja viimeistele rekisteröityminen.\n\nPorta`,
  },
  sv: {
    subject: 'Din inbjudan till Porta',
    body: `Hej {name},\n\nEtt konto har skapats åt dig i Porta, ditt bostadsbolags portal. Öppna länken nedan för att välja ditt lösenord. Länken gäller i ${D} dagar och kan användas en gång.\n\n{link}\n\nLogga sedan in med adressen {email} och slutför din registrering.\n\nPorta`,
  },
  et: {
    subject: 'Kutse Portasse',
    body: `Tere, {name}!\n\nSulle on loodud konto Portas, sinu korteriühistu portaalis. Ava allolev link, et määrata oma parool. Link kehtib ${D} päeva ja seda saab kasutada ühe korra.\n\n{link}\n\nSeejärel logi sisse aadressiga {email} ja vii registreerimine lõpuni.\n\nPorta`,
  },
  lv: {
    subject: 'Jūsu ielūgums uz Porta',
    body: `Labdien, {name}!\n\nJums ir izveidots konts Porta, jūsu dzīvojamās mājas portālā. Atveriet zemāk esošo saiti, lai iestatītu paroli. Saite ir derīga ${D} dienas un izmantojama vienu reizi.\n\n{link}\n\nPēc tam piesakieties ar adresi {email} un pabeidziet reģistrāciju.\n\nPorta`,
  },
  lt: {
    subject: 'Jūsų kvietimas į „Porta“',
    body: `Sveiki, {name},\n\nJums sukurta paskyra „Porta“ – jūsų namo portale. Atidarykite toliau pateiktą nuorodą ir nustatykite slaptažodį. Nuoroda galioja ${D} dienas ir gali būti panaudota vieną kartą.\n\n{link}\n\nTada prisijunkite adresu {email} ir užbaikite registraciją.\n\nPorta`,
  },
  pl: {
    subject: 'Zaproszenie do Porta',
    body: `Dzień dobry {name},\n\nUtworzono dla Ciebie konto w Porta, portalu Twojej wspólnoty mieszkaniowej. Otwórz poniższy link, aby ustawić hasło. Link jest ważny przez ${D} dni i można go użyć tylko raz.\n\n{link}\n\nNastępnie zaloguj się adresem {email} i dokończ rejestrację.\n\nPorta`,
  },
  cs: {
    subject: 'Pozvánka do Porta',
    body: `Dobrý den, {name},\n\nbyl vám vytvořen účet v Porta, portálu vašeho bytového domu. Otevřením odkazu níže si nastavte heslo. Odkaz platí ${D} dní a lze jej použít jen jednou.\n\n{link}\n\nPoté se přihlaste adresou {email} a dokončete registraci.\n\nPorta`,
  },
  sk: {
    subject: 'Pozvánka do Porta',
    body: `Dobrý deň, {name},\n\nbol vám vytvorený účet v Porta, portáli vášho bytového domu. Otvorením odkazu nižšie si nastavte heslo. Odkaz platí ${D} dní a dá sa použiť iba raz.\n\n{link}\n\nPotom sa prihláste adresou {email} a dokončite registráciu.\n\nPorta`,
  },
};

/**
 * To the owner of an address someone else asked to move their account to (an e-mail change to an
 * address in use): the requester is answered as for a free address, so that the answer tells
 * nobody who is registered, and the owner learns of it here. No link: nothing can be confirmed.
 */
const EMAIL_IN_USE: Record<Language, MailText> = {
  en: {
    subject: 'Someone tried to use your e-mail address in Porta',
    body: `Hello {name},\n\nA user of Porta asked to change the e-mail address of their account to {email}, which is already the address of your Porta account. Nothing has been changed: your account and its address stay as they are.\n\nIf that was you, you already have an account with this address and can sign in with it. Otherwise you can ignore this message.\n\nPorta`,
  },
  fi: {
    subject: 'Sähköpostiosoitettasi yritettiin käyttää Portassa',
    body: `Hei {name},\n\nPortan käyttäjä pyysi vaihtamaan tilinsä sähköpostiosoitteeksi {email}, joka on jo Porta-tilisi osoite. Mitään ei muutettu: tilisi ja sen osoite pysyvät ennallaan.\n\nJos pyyntö oli sinun, sinulla on jo tili tällä osoitteella ja voit kirjautua sillä. Muuten voit jättää tämän viestin huomiotta.\n\nPorta`,
  },
  sv: {
    subject: 'Någon försökte använda din e-postadress i Porta',
    body: `Hej {name},\n\nEn användare av Porta bad om att e-postadressen för sitt konto ändras till {email}, som redan är adressen till ditt Porta-konto. Ingenting har ändrats: ditt konto och dess adress förblir som de är.\n\nOm det var du har du redan ett konto med den här adressen och kan logga in med den. Annars kan du bortse från meddelandet.\n\nPorta`,
  },
  et: {
    subject: 'Keegi püüdis Portas kasutada sinu e-posti aadressi',
    body: `Tere, {name}!\n\nÜks Porta kasutaja soovis muuta oma konto e-posti aadressiks {email}, mis on juba sinu Porta konto aadress. Midagi ei muudetud: sinu konto ja selle aadress jäävad samaks.\n\nKui see olid sina, on sul selle aadressiga konto juba olemas ja saad sellega sisse logida. Vastasel juhul võid selle kirja tähelepanuta jätta.\n\nPorta`,
  },
  lv: {
    subject: 'Kāds mēģināja izmantot jūsu e-pasta adresi Porta',
    body: `Labdien, {name}!\n\nKāds Porta lietotājs lūdza mainīt sava konta e-pasta adresi uz {email}, kas jau ir jūsu Porta konta adrese. Nekas netika mainīts: jūsu konts un tā adrese paliek nemainīti.\n\nJa tas bijāt jūs, jums jau ir konts ar šo adresi, un varat ar to pieteikties. Pretējā gadījumā šo ziņojumu varat ignorēt.\n\nPorta`,
  },
  lt: {
    subject: 'Kažkas bandė naudoti jūsų el. pašto adresą „Porta“',
    body: `Sveiki, {name},\n\n„Porta“ naudotojas paprašė pakeisti savo paskyros el. pašto adresą į {email}, kuris jau yra jūsų „Porta“ paskyros adresas. Niekas nepakeista: jūsų paskyra ir jos adresas lieka tokie patys.\n\nJei tai buvote jūs, jau turite paskyrą su šiuo adresu ir galite prisijungti su juo. Kitu atveju šį laišką galite ignoruoti.\n\nPorta`,
  },
  pl: {
    subject: 'Ktoś próbował użyć Twojego adresu e-mail w Porta',
    body: `Dzień dobry {name},\n\nUżytkownik Porta poprosił o zmianę adresu e-mail swojego konta na {email}, który jest już adresem Twojego konta Porta. Nic nie zostało zmienione: Twoje konto i jego adres pozostają bez zmian.\n\nJeśli to Ty, masz już konto z tym adresem i możesz się nim zalogować. W przeciwnym razie zignoruj tę wiadomość.\n\nPorta`,
  },
  cs: {
    subject: 'Někdo se pokusil použít vaši e-mailovou adresu v Porta',
    body: `Dobrý den, {name},\n\nuživatel Porta požádal o změnu e-mailové adresy svého účtu na {email}, což je již adresa vašeho účtu Porta. Nic se nezměnilo: váš účet i jeho adresa zůstávají beze změny.\n\nPokud jste to byli vy, účet s touto adresou již máte a můžete se jí přihlásit. Jinak tuto zprávu ignorujte.\n\nPorta`,
  },
  sk: {
    subject: 'Niekto sa pokúsil použiť vašu e-mailovú adresu v Porta',
    body: `Dobrý deň, {name},\n\npoužívateľ Porta požiadal o zmenu e-mailovej adresy svojho účtu na {email}, čo je už adresa vášho účtu Porta. Nič sa nezmenilo: váš účet aj jeho adresa zostávajú bez zmeny.\n\nAk ste to boli vy, účet s touto adresou už máte a môžete sa ňou prihlásiť. Inak túto správu ignorujte.\n\nPorta`,
  },
};

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

function render(
  texts: Record<Language, MailText>,
  locale: string,
  to: string,
  values: Record<string, string>,
) {
  const text = texts[languageOfLocale(locale)];
  return { to, subject: text.subject, text: fill(text.body, values) } satisfies MailMessage;
}

/** The confirmation mail of an e-mail change, to the new address, in the user's language. */
export function emailChangeMail(input: {
  to: string;
  locale: string;
  firstName: string;
  link: string;
}): MailMessage {
  return render(EMAIL_CHANGE, input.locale, input.to, {
    name: input.firstName,
    link: input.link,
    email: input.to,
  });
}

/** The first-login (invitation) mail, in the user's language. */
export function invitationMail(input: {
  to: string;
  locale: string;
  firstName: string;
  link: string;
}): MailMessage {
  return render(INVITATION, input.locale, input.to, {
    name: input.firstName,
    link: input.link,
    email: input.to,
  });
}

/** The notice to the owner of an address another user asked to move their account to, in the owner's language. */
export function emailInUseMail(input: { to: string; locale: string; firstName: string }): MailMessage {
  return render(EMAIL_IN_USE, input.locale, input.to, { name: input.firstName, email: input.to });
}
