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

const HEADLINES: &[&str] = &[
    "En recherche de {job}",
    "{job} motivé·e, disponible rapidement",
    "Futur·e {job} en alternance",
    "{job} — curieux·se et rigoureux·se",
    "Passionné·e par le métier de {job}",
];

/// A one-line headline around a trade name.
pub fn headline(job: &str, rng: &mut impl Rng) -> String {
    HEADLINES.choose(rng).expect("not empty").replace("{job}", &job.to_lowercase())
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

/// A URL-safe slug: lowercase ASCII words joined by hyphens.
pub fn slugify(text: &str) -> String {
    let mut slug = String::with_capacity(text.len());
    for character in text.chars() {
        let folded = match character {
            'à' | 'â' | 'ä' | 'á' | 'À' | 'Â' => 'a',
            'ç' | 'Ç' => 'c',
            'é' | 'è' | 'ê' | 'ë' | 'É' | 'È' | 'Ê' => 'e',
            'î' | 'ï' | 'í' | 'Î' => 'i',
            'ô' | 'ö' | 'ó' | 'Ô' => 'o',
            'ù' | 'û' | 'ü' | 'ú' | 'Û' => 'u',
            'ÿ' => 'y',
            other => other.to_ascii_lowercase(),
        };
        if folded.is_ascii_alphanumeric() {
            slug.push(folded);
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    slug.trim_end_matches('-').to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_fold_accents_and_separators() {
        assert_eq!(slugify("Léa Da Silva 12"), "lea-da-silva-12");
        assert_eq!(slugify("  Élise -- Guérin!"), "elise-guerin");
    }
}
