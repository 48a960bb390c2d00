//! Equality and hashing through one key expression, for the frame's parts
//! that caches are keyed on (the frame's own parts, and the specs of the
//! check counters and the pockets, which the frame holds).
//!
//! A module of its own so that the specs beside their builders
//! (`checks`, `pockets`) and the frame that holds them all import it, and
//! none of them imports another for it.

/// Implements `PartialEq`, `Eq` and `Hash` through one key expression, so
/// the three cannot disagree (floats enter the key as their bits).
macro_rules! keyed {
    ($t:ty, |$s:ident| $key:expr) => {
        impl PartialEq for $t {
            fn eq(&self, other: &Self) -> bool {
                let mine = {
                    let $s = self;
                    $key
                };
                let $s = other;
                mine == $key
            }
        }
        impl Eq for $t {}
        impl std::hash::Hash for $t {
            fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
                let $s = self;
                $key.hash(state)
            }
        }
    };
}

pub(super) use keyed;
