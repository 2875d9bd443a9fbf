//! docs/rules.md describes every ruleset as implemented: each field of every ruleset is named
//! there, and each article a ruleset cites appears in it, so a new field or ruleset cannot go
//! undocumented.

use arbiter::RulesetId;
use serde_json::Value;

/// (field path, article) for every cited rule and article field of a ruleset's JSON.
fn cited(v: &Value, path: &str, out: &mut Vec<(String, String)>) {
    match v {
        Value::Object(m) if m.contains_key("rule") && m.contains_key("article") => {
            out.push((path.to_string(), m["article"].as_str().unwrap().to_string()));
        }
        Value::Object(m) => {
            for (k, x) in m {
                let p = if path.is_empty() { k.clone() } else { format!("{path}.{k}") };
                cited(x, &p, out);
            }
        }
        Value::String(s) if path.starts_with("articles.") || path.starts_with("game.articles.") => {
            out.push((path.to_string(), s.clone()));
        }
        _ => {}
    }
}

#[test]
fn every_field_and_article_is_in_docs_rules_md() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/rules.md")).unwrap();
    for id in RulesetId::ALL {
        assert!(doc.contains(&format!("`{id}`")), "docs/rules.md does not name {id}");
        let json = serde_json::to_value(id.ruleset()).unwrap();
        let mut found = Vec::new();
        cited(&json["rules"], "", &mut found);
        assert!(found.len() > 10, "{id}: {found:?}");
        for (field, article) in found {
            // Article and illegal-move tables name the group (`game.articles.illegal_moves`).
            let named = [field.as_str(), field.rsplit_once('.').map_or("", |(head, _)| head)]
                .iter()
                .any(|f| !f.is_empty() && doc.contains(&format!("`{f}`")));
            assert!(named, "{id}: field {field} is not in docs/rules.md");
            let number = article.split_once(' ').map_or(article.as_str(), |(_, n)| n);
            assert!(doc.contains(number), "{id}: {field} cites {article}, which docs/rules.md does not give");
        }
    }
}
