//! Build script of the `vivier` binary: which built web app it embeds, and which commit it was
//! built from (`vivier --version`).
//!
//! The web app is `web/dist`, built by `npm run build`. A server compiled before the web app was
//! built (`cargo test` on a fresh clone, continuous integration's static checks) must still
//! compile: it embeds an empty folder instead and serves the API alone, unless `--web-dist`
//! names a built app. Once `web/dist` appears or changes, the next build embeds it.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    let manifest_dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    embed_web_app(&manifest_dir.join("../web"), &out_dir);
    record_commit(&manifest_dir);
}

/// Points `VIVIER_EMBEDDED_WEB_APP` (read by `#[derive(RustEmbed)]`) at `web/dist` when it holds a
/// built app, else at an empty folder.
fn embed_web_app(web: &Path, out_dir: &Path) {
    let dist = web.join("dist");
    let built = dist.join("index.html").is_file();
    let folder = if built {
        // the whole folder: a new build changes its file names, and rust-embed only lists the
        // files it finds when the crate is compiled
        println!("cargo:rerun-if-changed={}", dist.display());
        dist.canonicalize().expect("web/dist is readable")
    } else {
        // `web/dist` does not exist yet: watching the missing path would rebuild the server on
        // every cargo command, so watch its parent, whose contents change when the app is built
        println!("cargo:rerun-if-changed={}", web.display());
        let empty = out_dir.join("no-web-app");
        std::fs::create_dir_all(&empty).expect("OUT_DIR is writable");
        empty
    };
    println!("cargo:rustc-env=VIVIER_EMBEDDED_WEB_APP={}", folder.display());
}

/// Sets `VIVIER_GIT_COMMIT`: `VIVIER_GIT_COMMIT` from the environment when set (a container
/// build without the `.git` folder), else the checked-out commit, else `unknown`.
fn record_commit(manifest_dir: &Path) {
    println!("cargo:rerun-if-env-changed=VIVIER_GIT_COMMIT");
    let from_environment = std::env::var("VIVIER_GIT_COMMIT").ok().filter(|commit| !commit.trim().is_empty());
    let commit = from_environment.or_else(|| {
        // rebuild when HEAD moves: a commit on the branch changes its ref, a checkout changes HEAD
        // (a missing path would rebuild on every cargo command: only existing files are watched)
        let branch = git(manifest_dir, &["symbolic-ref", "-q", "HEAD"]);
        for watched in ["HEAD", "packed-refs"].into_iter().chain(branch.as_deref()) {
            if let Some(path) = git(manifest_dir, &["rev-parse", "--git-path", watched])
                && manifest_dir.join(&path).exists()
            {
                println!("cargo:rerun-if-changed={}", manifest_dir.join(path).display());
            }
        }
        git(manifest_dir, &["rev-parse", "--short=12", "HEAD"])
    });
    println!("cargo:rustc-env=VIVIER_GIT_COMMIT={}", commit.as_deref().unwrap_or("unknown").trim());
}

/// The trimmed output of a successful `git` command run in `directory`.
fn git(directory: &Path, arguments: &[&str]) -> Option<String> {
    let output = Command::new("git").args(arguments).current_dir(directory).output().ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    (output.status.success() && !text.trim().is_empty()).then(|| text.trim().to_owned())
}
