//! Names, schools, companies and the words of demo profiles: enough variety that lists,
//! searches and profile pages look like a real pool of candidates.

use rand::Rng;
use rand::seq::IndexedRandom;

pub const FIRST_NAMES: &[&str] = &[
    "Camille",
    "Léa",
    "Manon",
    "Chloé",
    "Emma",
    "Inès",
    "Sarah",
    "Jade",
    "Louise",
    "Alice",
    "Lina",
    "Zoé",
    "Clara",
    "Anaïs",
    "Juliette",
    "Mathilde",
    "Pauline",
    "Élise",
    "Yasmine",
    "Fatou",
    "Amira",
    "Nina",
    "Lucie",
    "Margaux",
    "Lucas",
    "Hugo",
    "Louis",
    "Gabriel",
    "Arthur",
    "Jules",
    "Nathan",
    "Théo",
    "Maxime",
    "Thomas",
    "Antoine",
    "Paul",
    "Raphaël",
    "Mehdi",
    "Karim",
    "Adam",
    "Noah",
    "Enzo",
    "Quentin",
    "Julien",
    "Baptiste",
    "Mamadou",
    "Yanis",
    "Victor",
    "Romain",
    "Alexandre",
    "Samuel",
    "Bastien",
    "Clément",
    "Ibrahim",
    "Kevin",
    "Sofiane",
];

pub const LAST_NAMES: &[&str] = &[
    "Martin",
    "Bernard",
    "Dubois",
    "Thomas",
    "Robert",
    "Richard",
    "Petit",
    "Durand",
    "Leroy",
    "Moreau",
    "Simon",
    "Laurent",
    "Lefebvre",
    "Michel",
    "Garcia",
    "David",
    "Bertrand",
    "Roux",
    "Vincent",
    "Fournier",
    "Morel",
    "Girard",
    "André",
    "Lefèvre",
    "Mercier",
    "Dupont",
    "Lambert",
    "Bonnet",
    "François",
    "Martinez",
    "Legrand",
    "Garnier",
    "Faure",
    "Rousseau",
    "Blanc",
    "Guérin",
    "Muller",
    "Henry",
    "Roussel",
    "Nicolas",
    "Perrin",
    "Morin",
    "Mathieu",
    "Clément",
    "Gauthier",
    "Dumont",
    "Lopez",
    "Fontaine",
    "Chevalier",
    "Robin",
    "Diallo",
    "Benali",
    "Nguyen",
    "Traoré",
    "Haddad",
    "Da Silva",
    "Kowalski",
    "Le Gall",
    "Le Goff",
    "Caron",
    "Renaud",
];

/// A demo school: name, INSEE codes of its campuses, programs of each campus.
pub struct DemoSchool {
    pub name: &'static str,
    pub campuses: &'static [(&'static str, &'static str)],
    pub programs: &'static [&'static str],
}

/// Fictional schools; the first one belongs to the demo school account.
pub const SCHOOLS: &[DemoSchool] = &[
    DemoSchool {
        name: "École Rhône Management",
        campuses: &[("Campus Lyon Confluence", "69123"), ("Campus Villeurbanne", "69266")],
        programs: &["Bachelor Commerce", "Master Marketing digital", "MBA Management de projet"],
    },
    DemoSchool {
        name: "Institut du Numérique Garonne",
        campuses: &[("Campus Toulouse Compans", "31555"), ("Campus Bordeaux Bastide", "33063")],
        programs: &["BUT Informatique", "Master Data et IA", "Bachelor Cybersécurité"],
    },
    DemoSchool {
        name: "École d'Ingénieurs Lille Métropole",
        campuses: &[("Campus Lille Centre", "59350")],
        programs: &["Cycle ingénieur Génie industriel", "Cycle ingénieur Énergie", "Master Logistique"],
    },
    DemoSchool {
        name: "Université Atlantique",
        campuses: &[("Campus Nantes Erdre", "44109"), ("Campus Rennes Beaulieu", "35238")],
        programs: &["Licence Droit", "Licence Économie-gestion", "Master Ressources humaines"],
    },
    DemoSchool {
        name: "Campus Santé Méditerranée",
        campuses: &[("Campus Marseille Timone", "13055"), ("Campus Montpellier", "34172")],
        programs: &["Diplôme d'État infirmier", "BTS Diététique", "Master Santé publique"],
    },
    DemoSchool {
        name: "Institut Hôtelier de Paris",
        campuses: &[("Campus Paris Bercy", "75056")],
        programs: &["Bachelor Hôtellerie", "BTS Management hôtellerie-restauration", "MSc Tourisme"],
    },
];

/// Fictional employers; the first one belongs to the demo partner account.
pub const COMPANIES: &[&str] = &[
    "Numéria Conseil",
    "Transports Garonne",
    "Clinique des Alpes",
    "Atelier Lumen",
    "Banque Coopérative de l'Ouest",
    "Boulangeries Martin",
    "Hôtels Belle Époque",
    "Solaris Énergies",
];

/// Headlines a candidate writes about the trade they look for: `{de_job}` is "de" followed by
/// the trade, elided before a vowel ("d'agriculteur", "de vendeur en magasin").
const HEADLINES: &[&str] = &[
    "En recherche d'un poste {de_job}",
    "{Job} motivé·e, disponible rapidement",
    "Futur·e {job} en alternance",
    "{Job} — curieux·se et rigoureux·se",
    "Passionné·e par le métier {de_job}",
];

/// A one-line headline around a trade name (as the reference list spells it, capitalised).
pub fn headline(job: &str, rng: &mut impl Rng) -> String {
    let lower = lowercase_first(job);
    let de_job = if starts_with_a_vowel(&lower) { format!("d'{lower}") } else { format!("de {lower}") };
    HEADLINES
        .choose(rng)
        .expect("not empty")
        .replace("{de_job}", &de_job)
        .replace("{Job}", job)
        .replace("{job}", &lower)
}

/// The trade's first letter in lower case, acronyms further on kept ("designer UX/UI").
fn lowercase_first(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|first| first.to_lowercase().chain(chars).collect()).unwrap_or_default()
}

/// French elides "de" before a vowel sound; no trade of the reference list starts with an h.
fn starts_with_a_vowel(word: &str) -> bool {
    word.chars().next().is_some_and(|first| "aâàeéèêëiîïoôuûùüy".contains(first))
}

const CONTEXTS: &[&str] = &[
    "Au sein d'une équipe de {n} personnes, le service devait absorber une hausse d'activité de 30 %.",
    "L'entreprise lançait une nouvelle offre et manquait de retours clients structurés.",
    "Le projet avait pris du retard et les délais de livraison n'étaient plus tenus.",
    "Une association locale voulait toucher un public plus jeune.",
    "Les processus internes reposaient sur des tableurs partagés difficiles à maintenir.",
];
const ACTIONS: &[&str] = &[
    "J'ai réorganisé le planning, formé deux nouveaux collègues et mis en place un suivi hebdomadaire.",
    "J'ai mené une vingtaine d'entretiens, synthétisé les besoins et proposé un plan d'action.",
    "J'ai automatisé les tâches répétitives et documenté les nouvelles procédures.",
    "J'ai animé des ateliers, coordonné les bénévoles et géré le budget.",
    "J'ai priorisé les demandes avec l'équipe et négocié de nouveaux délais avec les clients.",
];
const RESULTS: &[&str] = &[
    "Les délais ont baissé de {n} % en trois mois.",
    "La satisfaction client est passée de 3,6 à 4,4 sur 5.",
    "L'équipe a gagné une demi-journée par semaine.",
    "Le nombre de participants a doublé en un an.",
    "Le projet a été livré à temps et reconduit l'année suivante.",
];

/// A context, actions, results story in French.
pub fn car_story(rng: &mut impl Rng) -> (String, String, String) {
    let number = rng.random_range(3..40).to_string();
    (
        CONTEXTS.choose(rng).expect("not empty").replace("{n}", &number),
        ACTIONS.choose(rng).expect("not empty").to_string(),
        RESULTS.choose(rng).expect("not empty").replace("{n}", &number),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn headlines_elide_de_before_a_vowel_and_keep_acronyms() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let headlines: Vec<String> = (0..60).map(|_| headline("Agriculteur", &mut rng)).collect();
        assert!(headlines.iter().any(|h| h.contains("d'agriculteur")));
        assert!(headlines.iter().all(|h| !h.contains("de agriculteur")), "{headlines:?}");
        assert!(headlines.iter().all(|h| h.chars().next().is_some_and(char::is_uppercase)), "{headlines:?}");
        let designer: Vec<String> = (0..60).map(|_| headline("Designer UX/UI", &mut rng)).collect();
        assert!(designer.iter().any(|h| h.contains("de designer UX/UI")), "{designer:?}");
    }
}
