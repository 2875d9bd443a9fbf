//! The number model of the official program (Common Lisp): exact rationals until a float
//! enters, then double floats. Rating changes built only from the upset rule and the
//! development bonus stay exact, so a tie at .5 rounds to even exactly as `round` does there.

use std::cmp::Ordering;

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Num {
    /// num/den in lowest terms, den > 0.
    Q(i128, i128),
    F(f64),
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Num {
    pub fn int(n: i64) -> Num {
        Num::Q(n as i128, 1)
    }

    pub fn q(n: i128, d: i128) -> Num {
        let g = gcd(n, d).max(1);
        let s = if d < 0 { -1 } else { 1 };
        Num::Q(s * n / g, s * d / g)
    }

    pub fn to_f64(self) -> f64 {
        match self {
            Num::Q(n, d) => n as f64 / d as f64,
            Num::F(f) => f,
        }
    }

    pub fn add(self, o: Num) -> Num {
        match (self, o) {
            (Num::Q(a, b), Num::Q(c, d)) => {
                let exact = (|| Some(Num::q(a.checked_mul(d)?.checked_add(c.checked_mul(b)?)?, b.checked_mul(d)?)))();
                exact.unwrap_or_else(|| Num::F(self.to_f64() + o.to_f64()))
            }
            _ => Num::F(self.to_f64() + o.to_f64()),
        }
    }

    pub fn sub(self, o: Num) -> Num {
        self.add(o.neg())
    }

    pub fn neg(self) -> Num {
        match self {
            Num::Q(a, b) => Num::Q(-a, b),
            Num::F(f) => Num::F(-f),
        }
    }

    pub fn mul_int(self, k: i64) -> Num {
        match self {
            Num::Q(a, b) => a.checked_mul(k as i128).map_or(Num::F(self.to_f64() * k as f64), |n| Num::q(n, b)),
            Num::F(f) => Num::F(f * k as f64),
        }
    }

    pub fn div_int(self, k: i64) -> Num {
        match self {
            Num::Q(a, b) => b.checked_mul(k as i128).map_or(Num::F(self.to_f64() / k as f64), |d| Num::q(a, d)),
            Num::F(f) => Num::F(f / k as f64),
        }
    }

    /// Compares with an integer exactly (a float is compared by its exact value).
    pub fn cmp_int(self, n: i64) -> Ordering {
        match self {
            Num::Q(a, b) => match (n as i128).checked_mul(b) {
                Some(m) => a.cmp(&m),
                None => (a as f64 / b as f64).partial_cmp(&(n as f64)).unwrap_or(Ordering::Less),
            },
            Num::F(f) => f.partial_cmp(&(n as f64)).unwrap_or(Ordering::Less),
        }
    }

    pub fn gt(self, o: Num) -> bool {
        match (self, o) {
            (Num::Q(a, b), Num::Q(c, d)) => match (a.checked_mul(d), c.checked_mul(b)) {
                (Some(x), Some(y)) => x > y,
                _ => self.to_f64() > o.to_f64(),
            },
            _ => self.to_f64() > o.to_f64(),
        }
    }

    /// Rounds to the nearest integer, ties to even (Common Lisp `round`).
    pub fn round(self) -> i64 {
        match self {
            Num::Q(n, d) => {
                let q = n.div_euclid(d);
                let r = n.rem_euclid(d);
                let q = match (2 * r).cmp(&d) {
                    Ordering::Less => q,
                    Ordering::Greater => q + 1,
                    Ordering::Equal => q + (q & 1),
                };
                q as i64
            }
            Num::F(f) => f.round_ties_even() as i64,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_ties_round_to_even_like_lisp() {
        assert_eq!(Num::q(5, 2).round(), 2);
        assert_eq!(Num::q(7, 2).round(), 4);
        assert_eq!(Num::q(-5, 2).round(), -2);
        assert_eq!(Num::q(-7, 2).round(), -4);
        assert_eq!(Num::q(11, 4).round(), 3);
        assert_eq!(Num::F(2.5).round(), 2);
    }

    #[test]
    fn huge_denominators_fall_back_to_floats() {
        let mut x = Num::q(1, 3);
        for _ in 0..40 {
            x = x.div_int(800).add(Num::int(1));
        }
        assert!(matches!(x, Num::F(f) if (f - 800.0 / 799.0).abs() < 1e-12), "{x:?}");
    }

    #[test]
    fn a_float_makes_the_sum_a_float() {
        assert_eq!(Num::int(1).add(Num::q(1, 2)), Num::q(3, 2));
        assert!(matches!(Num::int(1).add(Num::F(0.5)), Num::F(f) if f == 1.5));
    }
}
