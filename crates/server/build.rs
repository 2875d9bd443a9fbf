//! Where the web client's built assets are (docs/web.md): `web/dist` when `npm run build` has
//! made it, else a one-page placeholder that says how to build the client, so the server crate
//! compiles on a machine without Node. `web.rs` embeds the directory named by SHINPAN_WEB_DIST.

use std::path::PathBuf;

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let dist = manifest.join("../../web/dist");
    println!("cargo:rerun-if-changed={}", dist.display());
    println!("cargo:rerun-if-env-changed=SHINPAN_WEB_DIST");
    let dir = if dist.join("index.html").is_file() {
        dist.canonicalize().expect("web/dist is readable")
    } else {
        let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("web-placeholder");
        std::fs::create_dir_all(&out).expect("OUT_DIR is writable");
        std::fs::write(out.join("index.html"), PLACEHOLDER).expect("OUT_DIR is writable");
        out
    };
    println!("cargo:rustc-env=SHINPAN_WEB_DIST={}", dir.display());
}

const PLACEHOLDER: &str = concat!(
    "<!doctype html><meta charset=utf-8><title>shinpan</title>",
    "<h1>shinpan 審判</h1><p>The live referee is running, but this binary was built without the web ",
    "client. Build it with <code>make build</code> (or <code>cd web &amp;&amp; npm ci &amp;&amp; npm run build</code>, ",
    "then <code>cargo build --release -p shinpan</code>); docs/web.md explains. Players, bots and ",
    "engines can use the HTTP API and the WebSocket protocol (docs/protocol.md) meanwhile.</p><ul>",
    "<li><a href=/api/games?status=open>open challenges</a></li>",
    "<li><a href=/api/games?status=live>live games</a></li>",
    "<li><a href=/api/games?status=finished>finished games</a></li>",
    "<li><a href=/health>health</a></li></ul>"
);
