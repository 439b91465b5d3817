//! The rolling-upgrade rule, enforced: a migration must keep the previous release's queries
//! working, because during an upgrade the old replicas serve on the new schema (and one may
//! restart on it). So a migration only expands (new tables, new nullable columns or columns with
//! a default, new indexes, relaxed constraints); what removes or changes something the previous
//! release reads or writes (dropping or renaming a table or a column, changing a column's type,
//! making a column required without a default, emptying a table) waits for a later release,
//! once no running code uses it, in a migration that says so in its first lines:
//! `-- contract: <what the previous release no longer uses>`.
//!
//! A lint over the SQL rather than running the previous release's queries against the new
//! schema: it needs no second build of the previous release, runs in a second with `cargo test`,
//! and names the statement to change. It cannot see a change of meaning (a column filled
//! differently, a new check that old writes break): those are for review, as are contract steps.

use std::path::PathBuf;

/// One refused statement: the file, the rule and the statement.
#[derive(Debug)]
struct Violation {
    file: String,
    rule: &'static str,
    statement: String,
}

/// The statements of `sql`, comments removed, lowercased, on one line each.
fn statements(sql: &str) -> Vec<String> {
    let without_comments: String =
        sql.lines().map(|line| line.split("--").next().unwrap_or_default()).collect::<Vec<_>>().join(" ");
    without_comments
        .to_lowercase()
        .split(';')
        .map(|statement| statement.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|statement| !statement.is_empty())
        .collect()
}

/// Whether the migration declares itself a contract step in its first lines.
fn is_contract_step(sql: &str) -> bool {
    sql.lines().take(10).any(|line| line.trim().to_lowercase().starts_with("-- contract:"))
}

/// What the previous release could no longer do after `statement`, if anything.
fn breaking_rule(statement: &str, whole_migration: &str) -> Option<&'static str> {
    let words: Vec<&str> = statement.split(' ').collect();
    let has = |sequence: &[&str]| words.windows(sequence.len()).any(|window| window == sequence);
    for (object, rule) in [
        ("table", "drop table"),
        ("view", "drop view"),
        ("materialized", "drop materialized view"),
        ("function", "drop function"),
        ("type", "drop type"),
        ("schema", "drop schema"),
    ] {
        if words.first() == Some(&"drop") && words.get(1) == Some(&object) {
            return Some(rule);
        }
    }
    if words.first() == Some(&"truncate") {
        return Some("truncate");
    }
    if !(words.first() == Some(&"alter") && words.get(1) == Some(&"table")) {
        return None;
    }
    // `alter table t drop [column] c`, but not `drop constraint`, `alter column c drop default`...
    let relaxing = ["constraint", "default", "not", "identity", "expression", "trigger"];
    let drops_column = words.iter().enumerate().any(|(index, word)| {
        *word == "drop"
            && words.get(index + 1).is_some_and(|next| !relaxing.contains(next))
            && index.checked_sub(2).and_then(|before| words.get(before)) != Some(&"column")
    });
    if has(&["drop", "column"]) || drops_column {
        return Some("drop column");
    }
    if has(&["rename"]) && !has(&["rename", "constraint"]) {
        return Some("rename");
    }
    let changes_type = words
        .windows(3)
        .any(|w| w[0] == "column" && (w[2] == "type" || w[2] == "set" && has(&["set", "data", "type"])));
    if changes_type {
        return Some("alter column type");
    }
    // `alter column c set not null` needs a default for c, set in this migration
    for window in words.windows(5) {
        if window[0] == "column" && window[2..] == ["set", "not", "null"] {
            let default = format!("column {} set default", window[1]);
            if !whole_migration.contains(&default) {
                return Some("set not null without a default");
            }
        }
    }
    // `add [column] c type not null` without a default: the previous release's inserts omit c
    for clause in statement.split(',') {
        let added = clause.contains(" add column ") || clause.trim_start().starts_with("add column ");
        if added && clause.contains("not null") && !clause.contains("default") && !clause.contains("generated") {
            return Some("add column not null without a default");
        }
    }
    None
}

fn violations_of(file: &str, sql: &str) -> Vec<Violation> {
    if is_contract_step(sql) {
        return Vec::new();
    }
    let whole_migration = statements(sql).join("; ");
    statements(sql)
        .into_iter()
        .filter_map(|statement| {
            let rule = breaking_rule(&statement, &whole_migration)?;
            Some(Violation { file: file.to_owned(), rule, statement })
        })
        .collect()
}

#[test]
fn every_migration_keeps_the_previous_releases_queries_working_unless_it_is_a_contract_step() {
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../migrations");
    let mut violations = Vec::new();
    for entry in std::fs::read_dir(&folder).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|extension| extension == "sql") {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            violations.extend(violations_of(&name, &std::fs::read_to_string(&path).unwrap()));
        }
    }
    let listed: Vec<String> = violations.iter().map(|v| format!("{}: {}: {}", v.file, v.rule, v.statement)).collect();
    assert!(
        listed.is_empty(),
        "these statements break the previous release during a rolling upgrade (DEPLOYING.md, \
         \"Upgrades\"): expand now, contract in a later release marked `-- contract: <reason>`:\n{}",
        listed.join("\n")
    );
}

#[test]
fn the_lint_refuses_what_breaks_the_previous_release() {
    let refused = [
        ("drop table offers", "drop table"),
        ("alter table users drop column phone", "drop column"),
        ("alter table users drop phone", "drop column"),
        ("alter table users rename column phone to telephone", "rename"),
        ("alter table users rename to people", "rename"),
        ("alter table users alter column age type bigint", "alter column type"),
        ("alter table users alter column age set data type bigint", "alter column type"),
        ("alter table users alter column phone set not null", "set not null without a default"),
        ("alter table users add column phone text not null", "add column not null without a default"),
        ("truncate offers", "truncate"),
        ("drop function partner_audience(bigint)", "drop function"),
    ];
    for (sql, rule) in refused {
        let found: Vec<_> = violations_of("0099_example.sql", sql).into_iter().map(|v| v.rule).collect();
        assert_eq!(found, [rule], "{sql}");
    }
}

#[test]
fn the_lint_allows_expanding_and_relaxing_and_marked_contract_steps() {
    let allowed = [
        "create table offers (id bigint primary key, created_at timestamptz not null default now())",
        "alter table users add column phone text",
        "alter table users add column tour boolean not null default true, add column note text",
        "alter table users alter column phone drop not null",
        "alter table users alter column age drop default",
        "alter table users drop constraint users_age_check",
        "alter table users rename constraint a to b",
        "alter type user_role add value if not exists 'operator'",
        "drop index users_phone_idx",
        "alter table users alter column phone set default ''; alter table users alter column phone set not null",
        "-- contract: release 1.4 stopped reading users.phone\nalter table users drop column phone",
    ];
    for sql in allowed {
        let found: Vec<_> = violations_of("0099_example.sql", sql).into_iter().map(|v| v.rule).collect();
        assert!(found.is_empty(), "{sql}: {found:?}");
    }
}
