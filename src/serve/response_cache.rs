//! The response cache: encoded answers kept in memory, keyed by the
//! canonical request and the body's encoding, so the same diagram asked
//! for again (a forum post, a puzzle of the day) is answered by the request
//! thread without a render.
//!
//! Bounded in bytes (`--response-cache`): every entry counts its body, its
//! key, its tag and a fixed overhead; the least recently used entries are
//! dropped to make room, and an entry larger than [`MAX_ENTRY_SHARE`] of
//! the budget is never kept (it would push out many small ones). Only
//! `200`s of answers that depend on the request alone are put here (see
//! `router.rs`): errors and `503`s are never kept.
//!
//! One lock around a hash map and a list threaded through a slab: a lookup
//! and a move to the front are a few pointer writes, far less than the
//! answer's write to the socket, so the two request threads do not wait on
//! each other for long.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use super::response::{Encoding, Media};
use axum::body::Bytes;

/// One answer as it was sent: enough to send it again byte for byte.
#[derive(Debug, Clone)]
pub struct Cached {
    /// Picks the `Content-Type` and whether `Vary` is sent.
    pub media: Media,
    /// The `ETag`, quotes included.
    pub tag: String,
    /// The body's `Content-Encoding`.
    pub encoding: Encoding,
    /// The body, encoded.
    pub body: Bytes,
}

/// An entry larger than this share of the budget (1/8) is not kept.
pub const MAX_ENTRY_SHARE: usize = 8;

/// What an entry costs besides its key, tag and body: the slab node, the
/// map's slot and the shared key's header, rounded up.
const ENTRY_OVERHEAD: usize = 128;

/// A byte-bounded least-recently-used map from request keys to answers.
pub struct ResponseCache {
    budget: usize,
    lru: Mutex<Lru>,
}

impl ResponseCache {
    /// A cache holding at most `budget` bytes; `None` when `budget` is 0
    /// (the cache is off).
    pub fn new(budget: usize) -> Option<ResponseCache> {
        (budget > 0).then(|| ResponseCache {
            budget,
            lru: Mutex::new(Lru::default()),
        })
    }

    /// The answer kept for `key`, now the most recently used.
    pub fn get(&self, key: &str) -> Option<Arc<Cached>> {
        let mut lru = self.lock();
        let i = *lru.map.get(key)?;
        lru.touch(i);
        Some(Arc::clone(&lru.nodes[i].value))
    }

    /// Keeps `value` under `key`, dropping the least recently used entries
    /// until it fits; does nothing for an entry over the largest share.
    pub fn insert(&self, key: &str, value: Cached) {
        let cost = key.len() + value.tag.len() + value.body.len() + ENTRY_OVERHEAD;
        if cost > self.budget / MAX_ENTRY_SHARE {
            return;
        }
        let mut lru = self.lock();
        if let Some(&i) = lru.map.get(key) {
            // Another request drew the same answer meanwhile: the bytes
            // are the same (deterministic output), so keep the first.
            lru.touch(i);
            return;
        }
        while lru.bytes + cost > self.budget {
            if !lru.pop_oldest() {
                break;
            }
        }
        lru.push_newest(Arc::from(key), Arc::new(value), cost);
    }

    /// Bytes held now (never more than the budget).
    pub fn bytes(&self) -> usize {
        self.lock().bytes
    }

    /// Entries held now.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.lock().map.len()
    }

    fn lock(&self) -> MutexGuard<'_, Lru> {
        // A panic while holding the lock leaves the list consistent (no
        // step of it can panic half-way), so a poisoned lock is usable.
        self.lru.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// No neighbour in the list.
const NONE: usize = usize::MAX;

/// The entries in a slab, doubly linked from newest to oldest.
struct Lru {
    map: HashMap<Arc<str>, usize>,
    nodes: Vec<Node>,
    /// Slab slots free for reuse.
    free: Vec<usize>,
    newest: usize,
    oldest: usize,
    bytes: usize,
}

impl Default for Lru {
    fn default() -> Lru {
        Lru {
            map: HashMap::new(),
            nodes: Vec::new(),
            free: Vec::new(),
            newest: NONE,
            oldest: NONE,
            bytes: 0,
        }
    }
}

struct Node {
    key: Arc<str>,
    value: Arc<Cached>,
    cost: usize,
    prev: usize,
    next: usize,
}

impl Lru {
    fn unlink(&mut self, i: usize) {
        let (prev, next) = (self.nodes[i].prev, self.nodes[i].next);
        match prev {
            NONE => self.newest = next,
            p => self.nodes[p].next = next,
        }
        match next {
            NONE => self.oldest = prev,
            n => self.nodes[n].prev = prev,
        }
    }

    fn link_newest(&mut self, i: usize) {
        self.nodes[i].prev = NONE;
        self.nodes[i].next = self.newest;
        match self.newest {
            NONE => self.oldest = i,
            n => self.nodes[n].prev = i,
        }
        self.newest = i;
    }

    fn touch(&mut self, i: usize) {
        if self.newest != i {
            self.unlink(i);
            self.link_newest(i);
        }
    }

    fn push_newest(&mut self, key: Arc<str>, value: Arc<Cached>, cost: usize) {
        let node = Node {
            key: Arc::clone(&key),
            value,
            cost,
            prev: NONE,
            next: NONE,
        };
        let i = match self.free.pop() {
            Some(i) => {
                self.nodes[i] = node;
                i
            }
            None => {
                self.nodes.push(node);
                self.nodes.len() - 1
            }
        };
        self.link_newest(i);
        self.map.insert(key, i);
        self.bytes += cost;
    }

    /// Drops the least recently used entry; false when there is none.
    fn pop_oldest(&mut self) -> bool {
        let i = self.oldest;
        if i == NONE {
            return false;
        }
        self.unlink(i);
        let key = std::mem::replace(&mut self.nodes[i].key, Arc::from(""));
        self.map.remove(&key);
        self.bytes -= self.nodes[i].cost;
        // The body is released now, not when the slot is reused.
        self.nodes[i].value = Arc::new(Cached {
            media: Media::Drawn(fen2img_render::Format::SVG),
            tag: String::new(),
            encoding: Encoding::Identity,
            body: Bytes::new(),
        });
        self.free.push(i);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(body_len: usize, tag: &str) -> Cached {
        Cached {
            media: Media::Drawn(fen2img_render::Format::PNG),
            tag: tag.to_string(),
            encoding: Encoding::Identity,
            body: Bytes::from(vec![7u8; body_len]),
        }
    }

    #[test]
    fn a_budget_of_zero_is_no_cache() {
        assert!(ResponseCache::new(0).is_none());
    }

    #[test]
    fn what_was_kept_comes_back_unchanged() {
        let cache = ResponseCache::new(1 << 20).unwrap();
        assert!(cache.get("a").is_none());
        cache.insert("a", answer(100, "\"1\""));
        let got = cache.get("a").unwrap();
        assert_eq!(got.tag, "\"1\"");
        assert_eq!(got.body.len(), 100);
        assert!(cache.get("b").is_none());
        assert_eq!(cache.bytes(), 1 + 3 + 100 + ENTRY_OVERHEAD);
    }

    #[test]
    fn the_byte_count_never_exceeds_the_budget_and_the_oldest_go_first() {
        let budget = 64 * 1024;
        let cache = ResponseCache::new(budget).unwrap();
        for n in 0..2000 {
            // Sizes from small to the largest share, keys of every length.
            let len = (n * 37) % (budget / MAX_ENTRY_SHARE - 200);
            cache.insert(
                &format!("key-{n}-{}", "x".repeat(n % 50)),
                answer(len, "\"t\""),
            );
            assert!(cache.bytes() <= budget, "{} after {n}", cache.bytes());
        }
        assert!(cache.bytes() > budget / 2, "the budget is used");
        // Least recently used: an entry read again survives newer ones.
        let cache = ResponseCache::new(10 * (1000 + ENTRY_OVERHEAD + 10)).unwrap();
        for n in 0..10 {
            cache.insert(&format!("k{n}"), answer(1000, "\"t\""));
        }
        assert_eq!(cache.len(), 10);
        assert!(cache.get("k0").is_some());
        cache.insert("k10", answer(1000, "\"t\""));
        assert!(cache.get("k0").is_some(), "read again, so kept");
        assert!(cache.get("k1").is_none(), "the least recently used");
        assert!(cache.get("k2").is_some());
        assert_eq!(cache.len(), 10);
    }

    #[test]
    fn an_entry_over_its_share_of_the_budget_is_not_kept() {
        let cache = ResponseCache::new(8000).unwrap();
        cache.insert("small", answer(100, "\"s\""));
        cache.insert("large", answer(1000, "\"l\""));
        assert!(cache.get("large").is_none());
        assert!(cache.get("small").is_some(), "nothing made room for it");
    }

    #[test]
    fn a_key_kept_twice_counts_once() {
        let cache = ResponseCache::new(1 << 20).unwrap();
        cache.insert("a", answer(100, "\"1\""));
        let once = cache.bytes();
        cache.insert("a", answer(100, "\"1\""));
        assert_eq!(cache.bytes(), once);
        assert_eq!(cache.len(), 1);
    }

    #[test]
    fn slots_are_reused_and_the_list_stays_whole() {
        // Ten entries fit (and each is within its share of the budget).
        let cache = ResponseCache::new(10 * (10 + ENTRY_OVERHEAD + 3 + 5)).unwrap();
        for round in 0..50 {
            for n in 0..14 {
                let key = format!("{round}-{n}");
                cache.insert(&key, answer(10, "\"t\""));
                assert!(cache.get(&key).is_some());
            }
            assert_eq!(cache.len(), 10);
        }
        let lru = cache.lock();
        assert!(lru.nodes.len() <= 11, "slab grew to {}", lru.nodes.len());
        // Walk the list both ways: every entry once, the ends agree.
        let mut seen = 0;
        let mut i = lru.newest;
        let mut last = NONE;
        while i != NONE {
            assert_eq!(lru.nodes[i].prev, last);
            last = i;
            i = lru.nodes[i].next;
            seen += 1;
        }
        assert_eq!(last, lru.oldest);
        assert_eq!(seen, 10);
    }
}
