//! `fen2img batch --shard K/N`: one of N processes (on one machine or many)
//! renders its share of the input, and the shares add up to one run.
//!
//! Lines are dealt round-robin: the i-th position of the run (0-based,
//! counting only the lines that hold a position, over all inputs in order)
//! belongs to shard `i mod N`. Dealing rather than contiguous slices
//! because it needs no count of the input before starting (standard input
//! streams), and because neighbouring lines of a real input tend to cost
//! alike (a puzzle database sorted by rating, say), so dealt shares finish
//! together where slices would not. Every shard still reads the whole
//! input, which costs a small fraction of rendering it.
//!
//! Each shard writes its own files (names come from the whole run's line
//! numbers, so `{n}` is the same as in a single run) and its own manifest
//! part; `fen2img merge-manifests` deals the parts back into the manifest a
//! single run writes.

use std::env;

use crate::failure::Failure;

/// Which share of the lines this process renders.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// 0-based index of this shard.
    pub index: u64,
    /// How many shards there are.
    pub count: u64,
}

/// The most shards a run may be cut into (a bound on typos, not on scale).
pub const MAX_SHARDS: u64 = 1_000_000;

impl Shard {
    /// Parses `--shard`: `K/N` with K in 1..=N (as Jest and Playwright
    /// count shards), `auto/N` (K from the job scheduler's index) or `auto`
    /// (K and N from the scheduler). `var` reads the environment.
    pub fn parse(text: &str, var: impl Fn(&str) -> Option<String>) -> Result<Shard, Failure> {
        let (k, n) = match text.split_once('/') {
            Some((k, n)) => (k, Some(n)),
            None => (text, None),
        };
        if k != "auto" {
            let n = n.ok_or_else(|| bad(text, "write K/N, e.g. --shard 2/8, or auto"))?;
            let count = number(text, n, "N")?;
            let k = number(text, k, "K")?;
            if k == 0 || k > count {
                return Err(bad(
                    text,
                    &format!("K counts from 1 to N: 1/{count} is the first shard, {count}/{count} the last"),
                ));
            }
            return Ok(Shard {
                index: k - 1,
                count,
            });
        }
        // Kubernetes Indexed Jobs give the index only; AWS Batch array jobs
        // give both. Both count from 0.
        let (index, from) = if let Some(i) = var("JOB_COMPLETION_INDEX") {
            (i, "JOB_COMPLETION_INDEX")
        } else if let Some(i) = var("AWS_BATCH_JOB_ARRAY_INDEX") {
            (i, "AWS_BATCH_JOB_ARRAY_INDEX")
        } else {
            return Err(bad(
                text,
                "auto takes the index from JOB_COMPLETION_INDEX (Kubernetes Indexed Job) or \
                 AWS_BATCH_JOB_ARRAY_INDEX (AWS Batch array job), and neither is set",
            ));
        };
        let index = env_number(from, &index)?;
        let count = match n {
            Some(n) => number(text, n, "N")?,
            None => match var("AWS_BATCH_JOB_ARRAY_SIZE") {
                Some(size) if from == "AWS_BATCH_JOB_ARRAY_INDEX" => {
                    env_number("AWS_BATCH_JOB_ARRAY_SIZE", &size)?
                }
                _ => {
                    return Err(bad(
                        text,
                        &format!("{from} gives the index but not the count: write --shard auto/N"),
                    ))
                }
            },
        };
        if index >= count {
            return Err(Failure::invalid(format!(
                "--shard: {from}={index} is not below the shard count {count}"
            )));
        }
        Ok(Shard { index, count })
    }

    /// Reads `--shard` with the process's environment.
    pub fn from_arg(text: &str) -> Result<Shard, Failure> {
        Shard::parse(text, |name| env::var(name).ok())
    }

    /// `K/N`, as `--shard` writes it (K from 1).
    pub fn label(&self) -> String {
        format!("{}/{}", self.index + 1, self.count)
    }

    /// Whether the position with 0-based running index `i` is this shard's.
    pub fn takes(&self, i: u64) -> bool {
        i % self.count == self.index
    }

    /// How many of `total` positions this shard takes.
    pub fn share(&self, total: u64) -> u64 {
        total / self.count + u64::from(total % self.count > self.index)
    }
}

fn bad(text: &str, why: &str) -> Failure {
    Failure::invalid(format!(
        "--shard '{}': {why}",
        fen2img_support::quote::escape(text)
    ))
}

fn number(text: &str, part: &str, name: &str) -> Result<u64, Failure> {
    match part.parse::<u64>() {
        Ok(v) if (1..=MAX_SHARDS).contains(&v) => Ok(v),
        Ok(0) if name == "K" => Ok(0),
        _ => Err(bad(
            text,
            &format!("{name} must be a whole number from 1 to {MAX_SHARDS}"),
        )),
    }
}

fn env_number(name: &str, value: &str) -> Result<u64, Failure> {
    value
        .trim()
        .parse::<u64>()
        .ok()
        .filter(|v| *v <= MAX_SHARDS)
        .ok_or_else(|| {
            Failure::invalid(format!(
                "--shard auto: {name}='{}' is not a whole number",
                fen2img_support::quote::escape(value)
            ))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn none(_: &str) -> Option<String> {
        None
    }

    #[test]
    fn k_of_n_counts_from_one() {
        assert_eq!(
            Shard::parse("1/4", none).unwrap(),
            Shard { index: 0, count: 4 }
        );
        assert_eq!(
            Shard::parse("4/4", none).unwrap(),
            Shard { index: 3, count: 4 }
        );
        for bad in ["0/4", "5/4", "1/0", "x/4", "2", "1/", "/4", "-1/4", "1/4/2"] {
            let e = Shard::parse(bad, none).unwrap_err();
            assert!(e.message.starts_with("--shard '"), "{bad}: {}", e.message);
        }
    }

    #[test]
    fn auto_reads_kubernetes_and_aws_batch() {
        let k8s = |n: &str| (n == "JOB_COMPLETION_INDEX").then(|| "3".to_string());
        assert_eq!(
            Shard::parse("auto/8", k8s).unwrap(),
            Shard { index: 3, count: 8 }
        );
        let e = Shard::parse("auto", k8s).unwrap_err();
        assert!(e.message.contains("write --shard auto/N"), "{}", e.message);
        let aws = |n: &str| match n {
            "AWS_BATCH_JOB_ARRAY_INDEX" => Some("0".to_string()),
            "AWS_BATCH_JOB_ARRAY_SIZE" => Some("5".to_string()),
            _ => None,
        };
        assert_eq!(
            Shard::parse("auto", aws).unwrap(),
            Shard { index: 0, count: 5 }
        );
        assert!(Shard::parse("auto", none).is_err());
        let beyond = |n: &str| (n == "JOB_COMPLETION_INDEX").then(|| "8".to_string());
        assert!(Shard::parse("auto/8", beyond).is_err());
    }

    #[test]
    fn shares_deal_every_position_to_exactly_one_shard() {
        for count in 1..=7u64 {
            for total in 0..30u64 {
                let shards: Vec<Shard> = (0..count).map(|index| Shard { index, count }).collect();
                for i in 0..total {
                    assert_eq!(shards.iter().filter(|s| s.takes(i)).count(), 1);
                }
                let shares: u64 = shards.iter().map(|s| s.share(total)).sum();
                assert_eq!(shares, total);
                for s in &shards {
                    assert_eq!(
                        s.share(total),
                        (0..total).filter(|&i| s.takes(i)).count() as u64
                    );
                }
            }
        }
    }
}
