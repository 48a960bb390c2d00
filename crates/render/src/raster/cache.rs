//! A small cache of the most recently used values, bounded by a cost (the
//! bytes a value holds), keyed by values of the frame.
//!
//! Keys are `Hash + Eq` values taken from the layout's
//! [`Frame`](crate::layout::Frame), never lists of fields put together by
//! hand, so a key cannot leave out something the value depends on. A
//! lookup gives the key's hash and a comparison against a borrowed form of
//! the key, so looking up never clones the key; only inserting does.
//!
//! With room for a few values, a batch whose boards differ in something
//! frame-like (the check glow of `--check=auto` sits on whichever square
//! the king is in check on, a server's requests alternate themes) builds
//! each distinct variant once.

use std::hash::{DefaultHasher, Hash, Hasher};

/// Values with their keys, least recently used first, holding at most
/// `budget` cost units in all (always at least the newest value).
#[derive(Debug)]
pub(crate) struct Cache<K, V> {
    entries: Vec<Entry<K, V>>,
    budget: u64,
}

#[derive(Debug)]
struct Entry<K, V> {
    hash: u64,
    key: K,
    value: V,
    cost: u64,
}

/// The hash a cache files `key` under. Deterministic (SipHash with fixed
/// keys), and the same for a borrowed form that hashes alike (a `Vec` and
/// its slice, `&T` and `T`).
pub(crate) fn hash_of(key: &impl Hash) -> u64 {
    let mut h = DefaultHasher::new();
    key.hash(&mut h);
    h.finish()
}

impl<K: Eq, V> Cache<K, V> {
    /// An empty cache holding at most `budget` cost units.
    pub fn new(budget: u64) -> Cache<K, V> {
        Cache {
            entries: Vec::new(),
            budget,
        }
    }

    /// The value filed under `hash` whose key `matches`; it becomes the
    /// most recently used.
    pub fn find(&mut self, hash: u64, matches: impl Fn(&K) -> bool) -> Option<&mut V> {
        let i = self
            .entries
            .iter()
            .position(|e| e.hash == hash && matches(&e.key))?;
        let entry = self.entries.remove(i);
        self.entries.push(entry);
        self.entries.last_mut().map(|e| &mut e.value)
    }

    /// Caches `value` (costing `cost`) for `key`, filed under `hash`, which
    /// must be [`hash_of`] the key; the least recently used values make
    /// room for it.
    pub fn insert(&mut self, hash: u64, key: K, value: V, cost: u64) -> &mut V {
        let mut total: u64 = self.entries.iter().map(|e| e.cost).sum::<u64>() + cost;
        while total > self.budget && !self.entries.is_empty() {
            total -= self.entries.remove(0).cost;
        }
        self.entries.push(Entry {
            hash,
            key,
            value,
            cost,
        });
        &mut self.entries.last_mut().expect("just pushed").value
    }

    /// The cost of every cached value together.
    pub fn bytes(&self) -> u64 {
        self.entries.iter().map(|e| e.cost).sum()
    }

    /// How many values are cached.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// The keys, least recently used first.
    #[cfg(test)]
    pub fn keys(&self) -> impl Iterator<Item = &K> {
        self.entries.iter().map(|e| &e.key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_most_recently_used_values_within_the_budget() {
        let mut made = Vec::new();
        let mut cache: Cache<u32, u32> = Cache::new(20);
        for key in [1, 2, 1, 3, 1, 2] {
            let hash = hash_of(&key);
            if cache.find(hash, |k| *k == key).is_none() {
                made.push(key);
                cache.insert(hash, key, key * 10, 10);
            }
        }
        // 1 stays (used again before 3 came), 2 is evicted by 3 and remade.
        assert_eq!(made, [1, 2, 3, 2]);
        assert_eq!(cache.len(), 2);
        assert_eq!(cache.find(hash_of(&1u32), |k| *k == 1).copied(), Some(10));
        // A value over the whole budget is still kept, alone.
        cache.insert(hash_of(&9u32), 9, 90, 100);
        assert_eq!(cache.keys().collect::<Vec<_>>(), [&9]);
    }

    #[test]
    fn borrowed_forms_hash_like_the_key() {
        let owned: (String, Vec<u8>) = ("a".into(), vec![1, 2]);
        let borrowed: (&str, &[u8]) = ("a", &[1, 2]);
        assert_eq!(hash_of(&owned), hash_of(&borrowed));
    }
}
