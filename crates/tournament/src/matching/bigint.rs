//! Fixed-width two's-complement integers for lexicographic matching weights.
//!
//! The Dutch weights pack one field per C.04.3 criterion, so they need a few hundred to a
//! couple of thousand bits; the width is chosen once per round (`N` limbs of 64 bits).

use std::cmp::Ordering;

/// An `N`-limb little-endian integer; arithmetic wraps, comparison is signed.
#[derive(Clone, Copy, Debug)]
pub struct Big<const N: usize>(pub [u64; N]);

// Limb by limb without an early exit: the derived `==` calls `memcmp`, which was 15% of a round
// of 9,999 players (the weight table compares a weight with the stored ones at every `put`).
impl<const N: usize> PartialEq for Big<N> {
    #[inline]
    fn eq(&self, o: &Self) -> bool {
        self.0.iter().zip(&o.0).fold(0, |d, (a, b)| d | (a ^ b)) == 0
    }
}

impl<const N: usize> Eq for Big<N> {}

// Limb by limb (equal limbs, equal hash, as `==` needs): the derived hash writes the limbs as
// one byte slice behind a length prefix, which the weight table's hasher then cut back into
// words, at every `put` of a round's tens of millions.
impl<const N: usize> std::hash::Hash for Big<N> {
    #[inline]
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        for &limb in &self.0 {
            state.write_u64(limb);
        }
    }
}

impl<const N: usize> Default for Big<N> {
    fn default() -> Self {
        Big([0; N])
    }
}

impl<const N: usize> Big<N> {
    pub const ZERO: Self = Big([0; N]);

    pub fn from_u64(v: u64) -> Self {
        let mut r = [0; N];
        r[0] = v;
        Big(r)
    }

    pub fn is_zero(&self) -> bool {
        self.0.iter().all(|&l| l == 0)
    }

    pub fn is_negative(&self) -> bool {
        self.0[N - 1] >> 63 == 1
    }

    /// `self << k` (bits shifted past the top are lost).
    pub fn shl(&self, k: u32) -> Self {
        if k < 64 {
            // The common case (one weight field at a time): no limb moves.
            if k == 0 {
                return *self;
            }
            let mut r = [0u64; N];
            r[0] = self.0[0] << k;
            for i in 1..N {
                r[i] = (self.0[i] << k) | (self.0[i - 1] >> (64 - k));
            }
            return Big(r);
        }
        let limbs = (k / 64) as usize;
        let bits = k % 64;
        let mut r = [0u64; N];
        for i in (limbs..N).rev() {
            let src = i - limbs;
            let mut v = self.0[src] << bits;
            if bits > 0 && src > 0 {
                v |= self.0[src - 1] >> (64 - bits);
            }
            r[i] = v;
        }
        Big(r)
    }

    /// Arithmetic shift right by one (halving a non-negative slack).
    pub fn shr1(&self) -> Self {
        let mut r = [0u64; N];
        for i in 0..N {
            let hi = if i + 1 < N { self.0[i + 1] << 63 } else { self.0[N - 1] & (1 << 63) };
            r[i] = (self.0[i] >> 1) | hi;
        }
        Big(r)
    }

    #[inline]
    pub fn add(&self, o: &Self) -> Self {
        // Through u128 so that the carry chain compiles to add-with-carry.
        let mut r = [0u64; N];
        let mut carry = 0u128;
        for i in 0..N {
            let t = self.0[i] as u128 + o.0[i] as u128 + carry;
            r[i] = t as u64;
            carry = t >> 64;
        }
        Big(r)
    }

    #[inline]
    pub fn sub(&self, o: &Self) -> Self {
        let mut r = [0u64; N];
        let mut borrow = 0u128;
        for i in 0..N {
            let t = (self.0[i] as u128).wrapping_sub(o.0[i] as u128).wrapping_sub(borrow);
            r[i] = t as u64;
            borrow = (t >> 64) & 1;
        }
        Big(r)
    }

    pub fn add_u64(&self, v: u64) -> Self {
        self.add(&Self::from_u64(v))
    }

    pub fn sub_u64(&self, v: u64) -> Self {
        self.sub(&Self::from_u64(v))
    }

    pub fn or_u64(&self, v: u64) -> Self {
        let mut r = *self;
        r.0[0] |= v;
        r
    }

    /// `self + (v << shift)` (wrapping): touches only the limbs from `shift / 64` up, and stops
    /// with the carry. For many small terms, `Sum` carries once instead.
    pub fn add_shifted(&self, v: u64, shift: u32) -> Self {
        let limb = (shift / 64) as usize;
        if v == 0 || limb >= N {
            return *self;
        }
        let bit = shift % 64;
        let mut r = *self;
        let (s, c) = r.0[limb].overflowing_add(v << bit);
        r.0[limb] = s;
        // `hi < 2^63` when `bit > 0`, so adding the carry cannot overflow.
        let mut add = if bit == 0 { 0 } else { v >> (64 - bit) } + c as u64;
        for l in &mut r.0[limb + 1..] {
            if add == 0 {
                break;
            }
            let (s, c) = l.overflowing_add(add);
            *l = s;
            add = c as u64;
        }
        r
    }

    /// `2^bits - 1`.
    pub fn ones(bits: u32) -> Self {
        Self::from_u64(1).shl(bits).sub_u64(1)
    }

    pub fn cmp_signed(&self, o: &Self) -> Ordering {
        match (self.is_negative(), o.is_negative()) {
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            _ => {}
        }
        for i in (0..N).rev() {
            match self.0[i].cmp(&o.0[i]) {
                Ordering::Equal => continue,
                ord => return ord,
            }
        }
        Ordering::Equal
    }

    /// Signed `<`: the top limb decides as a signed word unless equal (the hot comparison of
    /// the matching, so no `Ordering` detour).
    #[inline]
    pub fn lt(&self, o: &Self) -> bool {
        let (a, b) = (self.0[N - 1] as i64, o.0[N - 1] as i64);
        if a != b {
            return a < b;
        }
        for i in (0..N - 1).rev() {
            if self.0[i] != o.0[i] {
                return self.0[i] < o.0[i];
            }
        }
        false
    }

    pub fn le(&self, o: &Self) -> bool {
        self.cmp_signed(o) != Ordering::Greater
    }
}

/// A sum of small terms at bit positions, each limb's share kept in 128 bits and carried once
/// at the end: what many `add_shifted` calls give, without a carry chain per term.
#[derive(Clone, Copy)]
pub struct Sum<const N: usize>([u128; N]);

impl<const N: usize> Sum<N> {
    pub const ZERO: Self = Sum([0; N]);

    /// Adds `v << shift` (`v < 2^32`, so a few dozen terms cannot overflow a limb's share);
    /// bits from `64 * N` up are dropped, as in `Big::add_shifted`.
    #[inline]
    pub fn add(&mut self, v: u64, shift: u32) {
        debug_assert!(v < 1 << 32);
        let limb = (shift / 64) as usize;
        if limb < N {
            self.0[limb] += (v as u128) << (shift % 64);
        }
    }

    pub fn finish(&self) -> Big<N> {
        let mut r = [0u64; N];
        let mut carry = 0u128;
        for (l, &share) in r.iter_mut().zip(&self.0) {
            let t = share + carry;
            *l = t as u64;
            carry = t >> 64;
        }
        Big(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_carry_across_limbs() {
        let a = Big::<3>::from_u64(0b101).shl(126);
        assert_eq!(a.0, [0, 1 << 62, 1]);
        let b = Big::<3>([u64::MAX, 1, 0]).shl(3);
        assert_eq!(b.0, [u64::MAX << 3, 0b1111, 0]);
        assert_eq!(b.shl(0), b);
        assert_eq!(a.shr1().0, [0, 1 << 61 | 1 << 63, 0]);
        assert_eq!(Big::<2>::ones(70).0, [u64::MAX, 0x3f]);
        // `add_shifted` is `add` of a shifted word, carries and the top included.
        let xs = [Big::<3>([u64::MAX, u64::MAX, 7]), Big([1, 2, 3]), Big([0, u64::MAX, u64::MAX])];
        for x in xs {
            for (v, k) in
                [(1, 0), (u64::MAX, 1), (5, 63), (u64::MAX, 64), (3, 127), (9, 130), (1, 191), (2, 191), (1, 200)]
            {
                assert_eq!(x.add_shifted(v, k), x.add(&Big::from_u64(v).shl(k)), "{x:?} + {v} << {k}");
            }
        }
    }

    #[test]
    fn a_sum_of_terms_is_the_same_as_adding_them_one_by_one() {
        // Terms that carry inside a limb, across limbs (bit 63 upward), and past the top.
        let terms = [
            (3, 0),
            (1, 1),
            (1, 1),
            (7, 62),
            (5, 63),
            (3, 63),
            (9, 64),
            (1, 127),
            (3, 127),
            (2, 130),
            (1, 191),
            (1, 191),
            (4, 200),
        ];
        for start in 0..terms.len() {
            let mut sum = Sum::<3>::ZERO;
            let mut one_by_one = Big::<3>::ZERO;
            for &(v, k) in &terms[start..] {
                sum.add(v, k);
                one_by_one = one_by_one.add_shifted(v, k);
            }
            assert_eq!(sum.finish(), one_by_one, "terms from {start}");
        }
    }

    #[test]
    fn add_sub_and_signed_order() {
        let a = Big::<2>::from_u64(u64::MAX);
        let b = a.add_u64(1);
        assert_eq!(b.0, [0, 1]);
        assert_eq!(b.sub_u64(1), a);
        let neg = Big::<2>::ZERO.sub_u64(5);
        assert!(neg.is_negative());
        assert!(neg.lt(&Big::ZERO));
        assert!(Big::<2>::ZERO.lt(&b));
        // `lt` agrees with `cmp_signed` across signs and limbs.
        let xs = [
            Big::<2>([0, 0]),
            Big([1, 0]),
            Big([u64::MAX, 0]),
            Big([0, 1]),
            Big([5, 1 << 63]),
            Big([0, u64::MAX]),
            Big([u64::MAX, u64::MAX]),
        ];
        for a in &xs {
            for b in &xs {
                assert_eq!(a.lt(b), a.cmp_signed(b) == Ordering::Less, "{a:?} < {b:?}");
            }
        }
    }
}
