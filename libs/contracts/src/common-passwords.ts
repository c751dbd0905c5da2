/**
 * The base words of the most common passwords (ADR 0020), lower-case, without the digits and
 * signs people put around them: checkPassword compares a password's core (and its variants: case,
 * leading and trailing digits and signs, digits written for letters, separators left out, a
 * repeated part) with these, so that "Password1!", "P@ssw0rd2024" and "Summer-2025" are all
 * refused by the one word each.
 *
 * Compiled by hand for Porta, not copied from any list file: the words that head every published
 * ranking of leaked passwords (the recurring ones: password, qwerty, letmein, dragon, monkey,
 * football, iloveyou …), the same kinds of words in the portal's nine languages (the word for
 * "password", pets, seasons, home towns, countries, terms of endearment), and the portal's own
 * names. Keyboard runs, alphabet and digit runs, repeated characters and passwords built from the
 * user's own name or e-mail are found by rule in password.ts, not listed here.
 *
 * This is deliberately small (it ships in the web apps too). A maintained frequency list can
 * replace it without touching the rule: the check only asks `COMMON_PASSWORD_WORDS.has(word)`
 * (see ADR 0020 for the package we would take).
 */
const WORDS = `
password passwort passord passwd pass passcode passphrase secret secrets topsecret mysecret
letmein welcome welcomeback hello helloworld hi hey login logon signin access admin administrator
root user guest test tester testing demo default changeme change temp temporary master
qwerty qwertz azerty asdf asdfgh zxcvbn qazwsx trustno whatever nothing something anything
iloveyou love lover loveme lovely mylove myself baby babygirl babyboy sweetheart sweetie honey
princess prince angel angels beautiful sunshine sunny rainbow flower flowers butterfly
dragon dragons monkey monkeys tiger lion eagle falcon shark wolf bear panda dolphin horse
dog doggy puppy cat kitty kitten pussy bunny mickey minnie snoopy garfield pokemon pikachu
football soccer baseball basketball hockey golf tennis cricket rugby volleyball sport sports
superman batman spiderman ironman starwars startrek matrix hunter ranger killer ninja samurai
shadow freedom liberty justice peace power magic wizard merlin gandalf jedi
michael jennifer jordan thomas daniel andrew joshua jessica ashley amanda charlie robert
william george harley maggie pepper ginger buster bailey cookie chocolate cheese pizza banana
apple orange cherry strawberry summer winter spring autumn fall sunday monday friday
january february march april may june july august september october november december
computer internet google facebook twitter instagram youtube microsoft windows iphone
samsung android linux ubuntu server network system security private public office work
money dollar euro rich gold silver diamond star stars moon sun sky ocean blue red green black
white purple yellow pink silverado mustang ferrari porsche mercedes corvette yamaha
music guitar rock metal jazz dance party happy smile funny crazy cool awesome hottie sexy
fuckyou fuckoff fuck shit bitch asshole whore
family friend friends forever always home house garden school college student teacher
jesus christ god heaven lucky luck winner champion number one first
abc abcd abcde abcdef abcdefg abcdefgh qwe qwer qwert asd zxc zxcv
trustno1 1q2w3e 1q2w3e4r 1qaz2wsx zaq12wsx 1qazxsw2 q1w2e3r4 a1b2c3 abc123 pass123 qwerty123
correcthorsebatterystaple
porta portal portaali yit asunto asunnot koti kotini taloyhtio taloyhtiö isannointi isännöinti
salasana salainen tunnus kirjaudu tervetuloa kissa kissat koira koirat hevonen aurinko kuu
kesä kesa talvi kevät kevat syksy joulu juhannus rakkaus rakas kulta kultaseni muru
suomi finland helsinki espoo vantaa tampere turku oulu jyväskylä jyvaskyla kuopio lahti
perkele saatana sisu mökki mokki sauna lumi jää jaa metsä metsa järvi jarvi
losenord lösenord hemlig hemligt välkommen valkommen sommar vinter hösten varen våren
älskling alskling sverige svenska stockholm göteborg goteborg malmö malmo uppsala
parool salasõna salasona tere tervist kallis armas eesti tallinn tartu pärnu parnu
suvi talv kevad sügis sugis kass koer
parole slepens sveiki latvija riga rīga mīla mīļā mila saule vasara ziema
slaptazodis slaptažodis labas lietuva vilnius kaunas klaipeda klaipėda meilė meile
haslo hasło tajne witaj witam kochanie kocham misiek misia polska warszawa krakow kraków
gdansk gdańsk wroclaw wrocław poznan poznań lato zima wiosna jesien jesień kotek piesek
heslo ahoj vitejte vítejte ceska česko praha brno ostrava laska láska leto léto
slovensko bratislava kosice košice ahojte vitajte pivo
`;

/** The words, as a set for the look-ups of checkPassword. */
export const COMMON_PASSWORD_WORDS: ReadonlySet<string> = new Set(
  WORDS.split(/\s+/)
    .filter(Boolean)
    .map((word) => word.normalize('NFKC').toLowerCase()),
);
