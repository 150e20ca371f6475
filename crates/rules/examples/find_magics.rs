//! Finds fixed-shift magic multipliers for rook and bishop attacks and prints them as Rust
//! arrays. The numbers in `src/board8/attacks/magic_numbers.rs` came from this program; the attack tables built
//! from them at compile time assert that no two occupancies with different attacks collide,
//! so a wrong number cannot compile.
//!
//! `cargo run --release -p shatar-rules --example find_magics`

fn slide(sq: i32, occ: u64, dirs: &[(i32, i32)]) -> u64 {
    let mut out = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (sq % 8 + df, sq / 8 + dr);
        while (0..8).contains(&f) && (0..8).contains(&r) {
            let b = 1u64 << (r * 8 + f);
            out |= b;
            if occ & b != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    out
}

fn relevant(sq: i32, dirs: &[(i32, i32)]) -> u64 {
    let mut out = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (sq % 8 + df, sq / 8 + dr);
        while (0..8).contains(&(f + df)) && (0..8).contains(&(r + dr)) {
            out |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
    }
    out
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

fn find(sq: i32, dirs: &[(i32, i32)], rng: &mut Rng) -> u64 {
    let mask = relevant(sq, dirs);
    let bits = mask.count_ones();
    let mut occs = Vec::new();
    let mut sub = 0u64;
    loop {
        occs.push((sub, slide(sq, sub, dirs)));
        sub = sub.wrapping_sub(mask) & mask;
        if sub == 0 {
            break;
        }
    }
    let mut table = vec![0u64; 1 << bits];
    let mut used = vec![0u32; 1 << bits];
    let mut epoch = 0;
    loop {
        let magic = rng.sparse();
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        epoch += 1;
        let ok = occs.iter().all(|&(occ, att)| {
            let i = (occ.wrapping_mul(magic) >> (64 - bits)) as usize;
            if used[i] != epoch {
                used[i] = epoch;
                table[i] = att;
                true
            } else {
                table[i] == att
            }
        });
        if ok {
            return magic;
        }
    }
}

fn main() {
    let rook = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    let bishop = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    let mut rng = Rng(0x5348_4154_4152); // "SHATAR"
    for (name, dirs) in [("ROOK_MAGICS", &rook), ("BISHOP_MAGICS", &bishop)] {
        println!("pub(crate) const {name}: [u64; 64] = [");
        for sq in 0..64 {
            println!("    0x{:016x},", find(sq, dirs, &mut rng));
        }
        println!("];");
    }
}
