//! A small cache of the most recently used values, for keys that can only
//! be compared (layout keys hold floats, so they cannot be hashed).
//!
//! The rasterizer keeps its backgrounds and palette tile sets here. With one
//! entry, a batch whose positions differ in something static-looking (the
//! check glow of `--check=auto` sits on whichever square the king is in
//! check on) would rebuild them again and again; with a few, each distinct
//! variant is built once.

/// Up to `capacity` values, least recently used first.
#[derive(Debug)]
pub(crate) struct Recent<K, V> {
    entries: Vec<(K, V)>,
    capacity: usize,
}

impl<K: PartialEq, V> Recent<K, V> {
    /// An empty cache that holds at most `capacity` values (at least one).
    pub fn new(capacity: usize) -> Recent<K, V> {
        Recent {
            entries: Vec::new(),
            capacity: capacity.max(1),
        }
    }

    /// The value for `key`, made by `make` if it is not cached.
    pub fn get_or_insert_with(&mut self, key: K, make: impl FnOnce(&K) -> V) -> &mut V {
        if self.contains(&key) {
            self.get_mut(&key).expect("contained")
        } else {
            let value = make(&key);
            self.insert(key, value)
        }
    }

    /// The value for `key`, if cached; it becomes the most recently used.
    pub fn get_mut(&mut self, key: &K) -> Option<&mut V> {
        let i = self.entries.iter().position(|(k, _)| k == key)?;
        let entry = self.entries.remove(i);
        self.entries.push(entry);
        self.entries.last_mut().map(|(_, v)| v)
    }

    /// Caches `value` for `key` (which must not be cached yet); the least
    /// recently used value makes room for it when the cache is full.
    pub fn insert(&mut self, key: K, value: V) -> &mut V {
        if self.entries.len() >= self.capacity {
            self.entries.remove(0);
        }
        self.entries.push((key, value));
        &mut self.entries.last_mut().expect("just pushed").1
    }

    /// Whether a value for `key` is cached.
    pub fn contains(&self, key: &K) -> bool {
        self.entries.iter().any(|(k, _)| k == key)
    }

    /// The value for `key`, if cached (without counting as a use).
    #[cfg(test)]
    pub fn get(&self, key: &K) -> Option<&V> {
        self.entries.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// Sets how many values to keep, dropping the least recently used ones.
    pub fn set_capacity(&mut self, capacity: usize) {
        self.capacity = capacity.max(1);
        let excess = self.entries.len().saturating_sub(self.capacity);
        self.entries.drain(..excess);
    }

    /// How many values are cached.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.entries.len()
    }
}

impl<K: PartialEq, V> Default for Recent<K, V> {
    fn default() -> Self {
        Recent::new(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_most_recently_used_values() {
        let mut made = Vec::new();
        let mut cache: Recent<u32, u32> = Recent::new(2);
        for key in [1, 2, 1, 3, 1, 2] {
            cache.get_or_insert_with(key, |&k| {
                made.push(k);
                k * 10
            });
        }
        // 1 stays (used again before 3 came), 2 is evicted by 3 and remade.
        assert_eq!(made, [1, 2, 3, 2]);
        assert_eq!(cache.len(), 2);
        assert_eq!(*cache.get_or_insert_with(1, |_| 0), 10);
        cache.set_capacity(0);
        assert_eq!(cache.len(), 1, "at least one value is kept");
    }
}
