//! No two modules of the workspace import each other, directly or round a longer circle.
//!
//! Truth: the source files themselves. Each `.rs` file under a crate's `src/` is a module
//! (`mod.rs`, `lib.rs` and `main.rs` stand for their folder); every path a file names that
//! starts `crate::`, `super::` or `self::` is resolved to the deepest module file it
//! reaches. A module that names its own ancestor or descendant is left out (a folder's
//! `mod.rs` re-exports its children, a child reads its parent's items): a circle is two
//! modules neither of which contains the other, each reaching the other. Data flows one
//! way, so someone reading one file finds what it rests on below it, never beside it in a
//! loop.

#![cfg(test)]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The source roots of the workspace's crates (the Python crate included).
const ROOTS: [&str; 5] = [
    "src",
    "crates/core/src",
    "crates/generate/src",
    "cli/src",
    "python/src",
];

/// A module: its path of names from the crate root (`["serve", "routes"]`).
type Module = Vec<String>;

fn modules(root: &Path) -> BTreeMap<Module, PathBuf> {
    let mut found = BTreeMap::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
                continue;
            }
            if path.extension().is_none_or(|ext| ext != "rs") {
                continue;
            }
            let relative = path.strip_prefix(root).unwrap();
            let mut module: Module = relative
                .iter()
                .map(|part| part.to_string_lossy().trim_end_matches(".rs").to_owned())
                .collect();
            if matches!(
                module.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                module.pop();
            }
            found.insert(module, path);
        }
    }
    found
}

/// The modules a file names through `crate::`, `super::` or `self::` paths, in `use`
/// lines (with their braces) and in code.
fn references(text: &str, at: &Module, known: &BTreeMap<Module, PathBuf>) -> BTreeSet<Module> {
    let mut found = BTreeSet::new();
    // Code, without comments (doc examples name other crates' paths).
    let code: String = text
        .lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let bytes = code.as_bytes();
    for (start, _) in code.match_indices("::") {
        // The identifier before `::` must be crate, super or self, the path's first word.
        let head_start = code[..start]
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
            .map_or(0, |i| i + 1);
        let head = &code[head_start..start];
        if head_start > 1 && &bytes[head_start - 2..head_start] == b"::" {
            continue;
        }
        let mut module: Module = match head {
            "crate" => Vec::new(),
            "super" => at
                .iter()
                .take(at.len().saturating_sub(1))
                .cloned()
                .collect(),
            "self" => at.clone(),
            _ => continue,
        };
        // Follow `name::` segments (and `super::`) while they name module files.
        let mut rest = &code[start + 2..];
        loop {
            let word_len = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            let word = &rest[..word_len];
            if word == "super" {
                module.pop();
            } else {
                let mut next = module.clone();
                next.push(word.to_owned());
                if !known.contains_key(&next) {
                    // `{a, b}` after a module: each name that is a module is reached too.
                    if rest.starts_with('{') {
                        let inner = &rest[1..rest.find('}').unwrap_or(rest.len())];
                        for name in inner.split(',') {
                            let name = name.trim().split("::").next().unwrap_or("").trim();
                            let mut child = module.clone();
                            child.push(name.to_owned());
                            if known.contains_key(&child) {
                                found.insert(child);
                            }
                        }
                    }
                    break;
                }
                module = next;
            }
            match rest[word_len..].strip_prefix("::") {
                Some(after) => rest = after,
                None => break,
            }
        }
        found.insert(module);
    }
    found
}

fn contains(outer: &Module, inner: &Module) -> bool {
    inner.starts_with(outer)
}

/// A circle of modules reaching each other, if there is one.
fn circle(edges: &BTreeMap<Module, BTreeSet<Module>>) -> Option<Vec<Module>> {
    fn walk(
        at: &Module,
        edges: &BTreeMap<Module, BTreeSet<Module>>,
        path: &mut Vec<Module>,
        done: &mut BTreeSet<Module>,
    ) -> Option<Vec<Module>> {
        if let Some(i) = path.iter().position(|m| m == at) {
            let mut found = path[i..].to_vec();
            found.push(at.clone());
            return Some(found);
        }
        if done.contains(at) {
            return None;
        }
        path.push(at.clone());
        for next in edges.get(at).into_iter().flatten() {
            if let Some(found) = walk(next, edges, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(at.clone());
        None
    }
    let mut done = BTreeSet::new();
    edges
        .keys()
        .find_map(|start| walk(start, edges, &mut Vec::new(), &mut done))
}

/// The modules a file reaches that neither contain it nor lie inside it.
fn reached(text: &str, at: &Module, known: &BTreeMap<Module, PathBuf>) -> BTreeSet<Module> {
    references(text, at, known)
        .into_iter()
        .filter(|to| !contains(at, to) && !contains(to, at))
        .collect()
}

fn edges_of(root: &Path) -> BTreeMap<Module, BTreeSet<Module>> {
    let known = modules(root);
    let mut edges = BTreeMap::new();
    for (module, path) in &known {
        let text = fs::read_to_string(path).unwrap();
        edges.insert(module.clone(), reached(&text, module, &known));
    }
    edges
}

#[test]
fn no_two_modules_import_each_other() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"));
    for root in ROOTS {
        // The packaged crate (`cargo package`) holds its own sources alone: the other
        // crates' folders are checked from the workspace.
        if !workspace.join(root).is_dir() {
            assert!(
                !workspace.join("cli").is_dir(),
                "{root}: missing from the workspace"
            );
            continue;
        }
        let edges = edges_of(&workspace.join(root));
        assert!(edges.len() > 1, "{root}: no modules found");
        if let Some(found) = circle(&edges) {
            let names: Vec<String> = found.iter().map(|m| m.join("::")).collect();
            panic!("{root}: modules import each other: {}", names.join(" -> "));
        }
    }
}

#[test]
fn the_checker_sees_a_circle() {
    // Two sibling files that name each other, and a third that only looks down.
    let known: BTreeMap<Module, PathBuf> = [
        vec!["a".to_owned()],
        vec!["b".to_owned()],
        vec!["c".to_owned()],
    ]
    .into_iter()
    .map(|m| (m, PathBuf::new()))
    .collect();
    let a = reached("use super::{b::Thing, c};", &vec!["a".to_owned()], &known);
    let b = reached("fn f() { crate::a::g() }", &vec!["b".to_owned()], &known);
    let c = reached(
        "use crate::a::Thing; // crate::b::not_code",
        &vec!["c".to_owned()],
        &known,
    );
    assert_eq!(a, [vec!["b".to_owned()], vec!["c".to_owned()]].into());
    assert_eq!(c, [vec!["a".to_owned()]].into());
    let edges: BTreeMap<Module, BTreeSet<Module>> = [
        (vec!["a".to_owned()], a),
        (vec!["b".to_owned()], b),
        (vec!["c".to_owned()], c.clone()),
    ]
    .into();
    assert!(circle(&edges).is_some());
    let down: BTreeMap<Module, BTreeSet<Module>> = [
        (vec!["c".to_owned()], c),
        (vec!["a".to_owned()], BTreeSet::new()),
    ]
    .into();
    assert_eq!(circle(&down), None);
}
