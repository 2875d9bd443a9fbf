//! docs/schemas/{client,server}.json are the schemas the protocol types give
//! (`server::protocol::schemas`): a change of a message changes them, in the same commit.
//! `SHINPAN_BLESS=1 cargo test -p shinpan-server --test schemas` writes them anew.

use std::path::PathBuf;

#[test]
fn the_documented_schemas_are_the_protocols() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/schemas");
    for (name, schema) in server::protocol::schemas() {
        let path = dir.join(format!("{name}.json"));
        let text = serde_json::to_string_pretty(&schema).unwrap() + "\n";
        if std::env::var_os("SHINPAN_BLESS").is_some() {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &text).unwrap();
        }
        let doc = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(doc == text, "{} differs from the protocol's schema: SHINPAN_BLESS=1 writes it", path.display());
    }
}

/// Messages a client sends, as docs/protocol.md shows them, are what the schema describes: each
/// parses, and the schema names each message type.
#[test]
fn the_schema_names_every_client_message() {
    let (_, client) = &server::protocol::schemas()[0];
    let text = client.to_string();
    for t in ["hello", "watch", "unwatch", "act", "claim_absent"] {
        assert!(text.contains(&format!("\"const\":\"{t}\"")), "{t} missing from the client schema");
    }
    for m in [
        r#"{"type": "watch", "game": 3, "after": 12}"#,
        r#"{"type": "act", "game": 3, "id": 1, "action": {"kind": "move", "move": "7g7f"}}"#,
        r#"{"type": "claim_absent", "game": 3, "id": 2}"#,
    ] {
        serde_json::from_str::<server::protocol::ClientMsg>(m).unwrap();
    }
}

/// The schema the live tests check every server message against does refuse what is not one.
#[test]
fn the_server_schema_refuses_what_the_server_does_not_send() {
    let [_, (_, server)] = server::protocol::schemas();
    let v = jsonschema::validator_for(&server).unwrap();
    assert!(v.is_valid(
        &serde_json::json!({"type": "ack", "id": 1, "game": 2, "seq": 3, "answer": {"verdict": "accepted"}})
    ));
    assert!(!v.is_valid(&serde_json::json!({"type": "ack", "id": 1, "game": 2})));
    assert!(!v.is_valid(&serde_json::json!({"type": "teleport"})));
}
