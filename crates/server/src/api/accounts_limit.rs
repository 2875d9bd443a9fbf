//! Per-account rate limits, across all of an account's connections and requests (governor's
//! keyed token buckets): what one connection's own bucket cannot stop — a client opening many
//! connections — and password guessing, which also costs the server an argon2 hash each try.

use super::{ApiError, Limits};
use crate::store::UserId;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

pub struct AccountLimits {
    sessions: DefaultKeyedRateLimiter<UserId>,
    tokens: DefaultKeyedRateLimiter<UserId>,
    logins: DefaultKeyedRateLimiter<String>,
}

fn quota(per_second: u32, burst: u32) -> Quota {
    let n = |x: u32| NonZeroU32::new(x.max(1)).expect("at least 1");
    Quota::per_second(n(per_second)).allow_burst(n(burst))
}

impl AccountLimits {
    /// The limiters, and a task that forgets idle accounts' buckets every minute so that the
    /// keys (user ids, names tried at login) do not pile up.
    pub fn start(l: &Limits) -> Arc<AccountLimits> {
        let logins = Quota::with_period(Duration::from_secs(60) / l.logins_per_minute.max(1))
            .expect("a positive period")
            .allow_burst(NonZeroU32::new(l.logins_per_minute.max(1)).expect("at least 1"));
        let a = Arc::new(AccountLimits {
            sessions: RateLimiter::keyed(quota(l.account_messages_per_second, l.account_burst)),
            tokens: RateLimiter::keyed(quota(l.bot_account_messages_per_second, l.bot_account_burst)),
            logins: RateLimiter::keyed(logins),
        });
        let weak = Arc::downgrade(&a);
        tokio::spawn(async move {
            let mut every = tokio::time::interval(Duration::from_secs(60));
            loop {
                every.tick().await;
                let Some(a) = weak.upgrade() else { break };
                a.sessions.retain_recent();
                a.tokens.retain_recent();
                a.logins.retain_recent();
            }
        });
        a
    }

    /// One message or request of `user` (through an API token when `bot`).
    pub fn message(&self, user: UserId, bot: bool) -> Result<(), ApiError> {
        let limiter = if bot { &self.tokens } else { &self.sessions };
        limiter.check_key(&user).map_err(|_| ApiError::rate_limited("too many requests from this account; slow down"))
    }

    /// One login attempt for the account `name`, whether it exists or not.
    pub fn login(&self, name: &str) -> Result<(), ApiError> {
        self.logins
            .check_key(&name.to_lowercase())
            .map_err(|_| ApiError::rate_limited("too many login attempts for this name; wait a minute"))
    }
}
