//! Password hashing with argon2id at the OWASP-recommended cost (19 MiB, 2 passes, 1 lane).
//!
//! The server hashes and checks on threads of their own, one per core
//! ([`hash_off_runtime`], [`verify_off_runtime`]): a burst of logins or sign-ups waits its turn
//! instead of taking every core from the searches, and holds 19 MiB per core rather than per
//! request. The strength estimate of a new password ([`crate::auth::password_strength`]) runs
//! there too.

use std::sync::LazyLock;

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};

use crate::error::{Error, Result};

/// Threads of their own, one per core: the hashes queue there, and each thread's allocator keeps
/// at most one 19 MiB buffer (threads of the blocking pool come and go, each keeping its own).
static HASHING_THREADS: LazyLock<rayon::ThreadPool> = LazyLock::new(|| {
    rayon::ThreadPoolBuilder::new()
        .num_threads(std::thread::available_parallelism().map_or(2, |cores| cores.get()))
        .thread_name(|index| format!("password-{index}"))
        // the caller then gets an internal error (its answer channel dropped), the server goes on
        .panic_handler(|_| tracing::error!("a password hash panicked"))
        .build()
        .expect("the password threads start")
});

fn hasher() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None).expect("static argon2 parameters are valid");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// The PHC string (`$argon2id$v=19$m=19456,t=2,p=1$...`) to store for `password`.
pub fn hash(password: &str) -> anyhow::Result<String> {
    let salt = SaltString::generate(&mut OsRng);
    let hash = hasher()
        .hash_password(password.as_bytes(), &salt)
        .map_err(|error| anyhow::anyhow!("cannot hash password: {error}"))?;
    Ok(hash.to_string())
}

/// Whether `password` matches the stored PHC string; a malformed hash never matches.
pub fn verify(password: &str, stored_hash: &str) -> bool {
    PasswordHash::new(stored_hash)
        .map(|parsed| hasher().verify_password(password.as_bytes(), &parsed).is_ok())
        .unwrap_or(false)
}

/// Runs `work` on the password threads and waits for it without blocking the runtime.
pub(crate) async fn off_runtime<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Result<T> {
    let (sender, receiver) = tokio::sync::oneshot::channel();
    HASHING_THREADS.spawn(move || {
        let _ = sender.send(work());
    });
    receiver.await.map_err(|error| Error::Internal(error.into()))
}

/// [`hash`], off the async runtime.
pub async fn hash_off_runtime(password: String) -> Result<String> {
    Ok(off_runtime(move || hash(&password)).await??)
}

/// Checked when there is no stored hash (an unknown email, an account without a password), so
/// that a missing account costs the same time as a wrong password; made once, on a password
/// thread.
static PLACEHOLDER_HASH: LazyLock<String> =
    LazyLock::new(|| hash("an unguessable placeholder 7f3a").expect("hashing works"));

/// [`verify`] against `stored_hash`, off the async runtime; `false` without a stored hash, after
/// the same work.
pub async fn verify_off_runtime(password: String, stored_hash: Option<String>) -> Result<bool> {
    off_runtime(move || match stored_hash {
        Some(stored_hash) => verify(&password, &stored_hash),
        None => {
            verify(&password, &PLACEHOLDER_HASH);
            false
        }
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_verifies_its_password_and_nothing_else() {
        let stored = hash("Correct-horse-9").unwrap();
        assert!(stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert!(verify("Correct-horse-9", &stored));
        assert!(!verify("correct-horse-9", &stored));
        assert!(!verify("Correct-horse-9", "not a hash"));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn many_checks_at_once_each_get_their_own_answer() {
        let stored = hash("Correct-horse-9").unwrap();
        let checks: Vec<_> = (0..8)
            .map(|attempt| {
                let password = if attempt % 2 == 0 { "Correct-horse-9" } else { "wrong" };
                tokio::spawn(verify_off_runtime(password.to_owned(), Some(stored.clone())))
            })
            .collect();
        let mut answers = Vec::new();
        for check in checks {
            answers.push(check.await.unwrap().unwrap());
        }
        assert_eq!(answers, [true, false, true, false, true, false, true, false]);
        assert!(!verify_off_runtime("an unguessable placeholder 7f3a".to_owned(), None).await.unwrap());
    }
}
