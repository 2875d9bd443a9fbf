//! Zobrist keys, generated at compile time from a fixed seed (splitmix64).

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (s, z ^ (z >> 31))
}

pub(crate) struct Keys {
    /// [piece code 0..=28][square]; code 0 (empty) is all zero.
    pub board: [[u64; 81]; 29],
    /// [colour][hand kind][count 0..=18]; count 0 is zero so an empty hand adds nothing.
    pub hand: [[[u64; 19]; 7]; 2],
    pub side: u64,
}

const fn make_keys() -> Keys {
    let mut k = Keys { board: [[0; 81]; 29], hand: [[[0; 19]; 7]; 2], side: 0 };
    let mut state = 0x5348_494e_5041_4e21u64; // "SHINPAN!"
    let mut p = 1;
    while p < 29 {
        let mut s = 0;
        while s < 81 {
            let (ns, v) = splitmix(state);
            state = ns;
            k.board[p][s] = v;
            s += 1;
        }
        p += 1;
    }
    let mut c = 0;
    while c < 2 {
        let mut h = 0;
        while h < 7 {
            let mut n = 1;
            while n < 19 {
                let (ns, v) = splitmix(state);
                state = ns;
                k.hand[c][h][n] = v;
                n += 1;
            }
            h += 1;
        }
        c += 1;
    }
    let (_, v) = splitmix(state);
    k.side = v;
    k
}

pub(crate) static KEYS: Keys = make_keys();
