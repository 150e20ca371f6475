//! Maximum-weight matching in a general graph: Edmonds' blossom algorithm with dual
//! variables, O(n³) (Galil, "Efficient algorithms for finding maximum matching in
//! graphs", 1986), in the structure of J. van Rantwijk's public-domain `mwmatching.py`,
//! which networkx's `max_weight_matching` (and so Gacrux) also follows.
//!
//! The FIDE Dutch system's criteria are an order of priorities over the pairs of a
//! bracket; bbpPairings and Gacrux encode them as edge weights and take a
//! maximum-weight matching, which is why a Swiss needs this and not only a search.
//! Integer weights keep it exact: `i128`, or any [`Weight`], such as the wide integers
//! ([`crate::bignum::Wide`]) that the Dutch system's packed criteria need.

use alloc::vec;
use alloc::vec::Vec;
use core::ops::{Add, AddAssign, Sub, SubAssign};

/// An edge between vertices `.0` and `.1` (from 0) of weight `.2`.
pub type Edge = (usize, usize, i128);

/// An edge weight: an ordered group of integers in which the algorithm's sums stay
/// exact (the duals are sums and differences of weights, and halves of even ones).
pub trait Weight:
    Copy + Ord + Add<Output = Self> + Sub<Output = Self> + AddAssign + SubAssign
{
    const ZERO: Self;
    /// Half of an even value.
    fn half(self) -> Self;
}

impl Weight for i128 {
    const ZERO: i128 = 0;
    fn half(self) -> i128 {
        self / 2
    }
}

/// Whether every vertex that can be matched must be (the heaviest of the largest
/// matchings) or weight alone counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cardinality {
    /// The heaviest matching of all.
    Any,
    /// The heaviest among the matchings with the most edges.
    Maximum,
}

/// A maximum-weight matching of the graph with `vertices` vertices and `edges`: each
/// vertex's mate, or `None`.
pub fn max_weight_matching(
    vertices: usize,
    edges: &[Edge],
    cardinality: Cardinality,
) -> Vec<Option<usize>> {
    max_weight_matching_of(vertices, edges, cardinality)
}

/// [`max_weight_matching`] for any [`Weight`].
pub fn max_weight_matching_of<W: Weight>(
    vertices: usize,
    edges: &[(usize, usize, W)],
    cardinality: Cardinality,
) -> Vec<Option<usize>> {
    if edges.is_empty() || vertices == 0 {
        return vec![None; vertices];
    }
    let mut m = Matcher::new(vertices, edges, cardinality == Cardinality::Maximum);
    m.solve();
    m.mate
        .iter()
        .map(|&p| (p != NONE).then(|| m.endpoint[p as usize]))
        .collect()
}

const NONE: isize = -1;

struct Matcher<'a, W: Weight> {
    n: usize,
    edges: &'a [(usize, usize, W)],
    max_cardinality: bool,
    /// Endpoint `p` of edge `p / 2`: `edges[p / 2].0` for even `p`, `.1` for odd.
    endpoint: Vec<usize>,
    /// For each vertex, the remote endpoints of its edges.
    neighbend: Vec<Vec<usize>>,
    /// The matched endpoint of each vertex's partner edge (`mate[v]` is an endpoint
    /// whose vertex is `v`'s mate), or NONE.
    mate: Vec<isize>,
    /// 0 free, 1 S (outer), 2 T (inner); 5 is scan_blossom's breadcrumb.
    label: Vec<u8>,
    labelend: Vec<isize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<isize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<isize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<isize>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<W>,
    /// Twice each edge's weight (the slack's term), computed once.
    twice: Vec<W>,
    allowedge: Vec<bool>,
    queue: Vec<usize>,
}

impl<'a, W: Weight> Matcher<'a, W> {
    fn new(n: usize, edges: &'a [(usize, usize, W)], max_cardinality: bool) -> Matcher<'a, W> {
        let maxweight = edges
            .iter()
            .map(|e| e.2)
            .max()
            .unwrap_or(W::ZERO)
            .max(W::ZERO);
        let mut endpoint = Vec::with_capacity(2 * edges.len());
        let mut neighbend = vec![Vec::new(); n];
        for (k, &(i, j, _)) in edges.iter().enumerate() {
            endpoint.push(i);
            endpoint.push(j);
            neighbend[i].push(2 * k + 1);
            neighbend[j].push(2 * k);
        }
        let mut dualvar = vec![maxweight; n];
        dualvar.extend(core::iter::repeat_n(W::ZERO, n));
        Matcher {
            n,
            edges,
            max_cardinality,
            endpoint,
            neighbend,
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase: (0..n as isize)
                .chain(core::iter::repeat_n(NONE, n))
                .collect(),
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![NONE; 2 * n],
            blossombestedges: vec![None; 2 * n],
            unusedblossoms: (n..2 * n).collect(),
            dualvar,
            twice: edges.iter().map(|e| e.2 + e.2).collect(),
            allowedge: vec![false; edges.len()],
            queue: Vec::new(),
        }
    }

    fn slack(&self, k: usize) -> W {
        let (i, j, _) = self.edges[k];
        self.dualvar[i] + self.dualvar[j] - self.twice[k]
    }

    fn leaves(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut stack = vec![b];
        while let Some(t) = stack.pop() {
            if t < self.n {
                out.push(t);
            } else {
                stack.extend(self.blossomchilds[t].iter().rev());
            }
        }
        out
    }

    fn assign_label(&mut self, w: usize, t: u8, p: isize) {
        let b = self.inblossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        if t == 1 {
            let leaves = self.leaves(b);
            self.queue.extend(leaves);
        } else if t == 2 {
            let base = self.blossombase[b] as usize;
            let mate = self.mate[base];
            self.assign_label(self.endpoint[mate as usize], 1, mate ^ 1);
        }
    }

    /// The base of the blossom that edge v-w would close, or NONE for an augmenting path.
    fn scan_blossom(&mut self, mut v: isize, mut w: isize) -> isize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v as usize];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.labelend[b] as usize] as isize;
                b = self.inblossom[v as usize];
                v = self.endpoint[self.labelend[b] as usize] as isize;
            }
            if w != NONE {
                core::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w, _) = self.edges[k];
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unusedblossoms.pop().expect("at most n blossoms");
        self.blossombase[b] = base as isize;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b as isize;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b as isize;
            path.push(bv);
            endps.push(self.labelend[bv] as usize);
            v = self.endpoint[self.labelend[bv] as usize];
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b as isize;
            path.push(bw);
            endps.push((self.labelend[bw] ^ 1) as usize);
            w = self.endpoint[self.labelend[bw] as usize];
            bw = self.inblossom[w];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = W::ZERO;
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        for v in self.leaves(b) {
            if self.label[self.inblossom[v]] == 2 {
                self.queue.push(v);
            }
            self.inblossom[v] = b;
        }
        let mut bestedgeto = vec![NONE; 2 * self.n];
        for &bv in &path {
            let lists: Vec<Vec<usize>> = match self.blossombestedges[bv].take() {
                Some(list) => vec![list],
                None => self
                    .leaves(bv)
                    .iter()
                    .map(|&v| self.neighbend[v].iter().map(|p| p / 2).collect())
                    .collect(),
            };
            for list in lists {
                for k in list {
                    let (mut i, mut j, _) = self.edges[k];
                    if self.inblossom[j] == b {
                        core::mem::swap(&mut i, &mut j);
                    }
                    let _ = i;
                    let bj = self.inblossom[j];
                    if bj != b
                        && self.label[bj] == 1
                        && (bestedgeto[bj] == NONE
                            || self.slack(k) < self.slack(bestedgeto[bj] as usize))
                    {
                        bestedgeto[bj] = k as isize;
                    }
                }
            }
            self.bestedge[bv] = NONE;
        }
        let best: Vec<usize> = bestedgeto
            .iter()
            .filter(|&&k| k != NONE)
            .map(|&k| k as usize)
            .collect();
        self.bestedge[b] = NONE;
        for &k in &best {
            if self.bestedge[b] == NONE || self.slack(k) < self.slack(self.bestedge[b] as usize) {
                self.bestedge[b] = k as isize;
            }
        }
        self.blossombestedges[b] = Some(best);
    }

    /// Child `j` of blossom `b`, Python-style: a negative `j` counts from the end.
    fn child(&self, b: usize, j: isize) -> usize {
        let len = self.blossomchilds[b].len() as isize;
        self.blossomchilds[b][j.rem_euclid(len) as usize]
    }

    fn endp(&self, b: usize, j: isize) -> usize {
        let len = self.blossomendps[b].len() as isize;
        self.blossomendps[b][j.rem_euclid(len) as usize]
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        for s in self.blossomchilds[b].clone() {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s] == W::ZERO {
                self.expand_blossom(s, endstage);
            } else {
                for v in self.leaves(s) {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let entrychild = self.inblossom[self.endpoint[(self.labelend[b] ^ 1) as usize]];
            let mut j = self.blossomchilds[b]
                .iter()
                .position(|&c| c == entrychild)
                .expect("a child") as isize;
            let (jstep, endptrick): (isize, usize) = if j & 1 != 0 {
                j -= self.blossomchilds[b].len() as isize;
                (1, 0)
            } else {
                (-1, 1)
            };
            let mut p = self.labelend[b] as usize;
            while j != 0 {
                self.label[self.endpoint[p ^ 1]] = 0;
                let q = self.endp(b, j - endptrick as isize);
                self.label[self.endpoint[q ^ endptrick ^ 1]] = 0;
                self.assign_label(self.endpoint[p ^ 1], 2, p as isize);
                self.allowedge[q / 2] = true;
                j += jstep;
                p = self.endp(b, j - endptrick as isize) ^ endptrick;
                self.allowedge[p / 2] = true;
                j += jstep;
            }
            let bv = self.child(b, j);
            let tip = self.endpoint[p ^ 1];
            self.label[tip] = 2;
            self.label[bv] = 2;
            self.labelend[tip] = p as isize;
            self.labelend[bv] = p as isize;
            self.bestedge[bv] = NONE;
            j += jstep;
            while self.child(b, j) != entrychild {
                let bv = self.child(b, j);
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                let labelled = self.leaves(bv).into_iter().find(|&v| self.label[v] != 0);
                if let Some(v) = labelled {
                    self.label[v] = 0;
                    let base = self.blossombase[bv] as usize;
                    let mate = self.mate[base] as usize;
                    self.label[self.endpoint[mate]] = 0;
                    self.assign_label(v, 2, self.labelend[v]);
                }
                j += jstep;
            }
        }
        self.label[b] = 0;
        self.labelend[b] = NONE;
        self.blossomchilds[b] = Vec::new();
        self.blossomendps[b] = Vec::new();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b as isize {
            t = self.blossomparent[t] as usize;
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let i = self.blossomchilds[b]
            .iter()
            .position(|&c| c == t)
            .expect("a child");
        let mut j = i as isize;
        let (jstep, endptrick): (isize, usize) = if i & 1 != 0 {
            j -= self.blossomchilds[b].len() as isize;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += jstep;
            let t = self.child(b, j);
            let p = self.endp(b, j - endptrick as isize) ^ endptrick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += jstep;
            let t = self.child(b, j);
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = (p ^ 1) as isize;
            self.mate[self.endpoint[p ^ 1]] = p as isize;
        }
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.inblossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p as isize;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.labelend[bs] as usize];
                let bt = self.inblossom[t];
                s = self.endpoint[self.labelend[bt] as usize];
                let j = self.endpoint[(self.labelend[bt] ^ 1) as usize];
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = (self.labelend[bt] ^ 1) as usize;
            }
        }
    }

    fn solve(&mut self) {
        let n = self.n;
        for _ in 0..n {
            self.label.iter_mut().for_each(|l| *l = 0);
            self.bestedge.iter_mut().for_each(|e| *e = NONE);
            for b in n..2 * n {
                self.blossombestedges[b] = None;
            }
            self.allowedge.iter_mut().for_each(|a| *a = false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v] == NONE && self.label[self.inblossom[v]] == 0 {
                    self.assign_label(v, 1, NONE);
                }
            }
            let mut augmented = false;
            loop {
                while !augmented {
                    let Some(v) = self.queue.pop() else { break };
                    for idx in 0..self.neighbend[v].len() {
                        let p = self.neighbend[v][idx];
                        let k = p / 2;
                        let w = self.endpoint[p];
                        if self.inblossom[v] == self.inblossom[w] {
                            continue;
                        }
                        let mut kslack = W::ZERO;
                        if !self.allowedge[k] {
                            kslack = self.slack(k);
                            if kslack <= W::ZERO {
                                self.allowedge[k] = true;
                            }
                        }
                        if self.allowedge[k] {
                            if self.label[self.inblossom[w]] == 0 {
                                self.assign_label(w, 2, (p ^ 1) as isize);
                            } else if self.label[self.inblossom[w]] == 1 {
                                let base = self.scan_blossom(v as isize, w as isize);
                                if base >= 0 {
                                    self.add_blossom(base as usize, k);
                                } else {
                                    self.augment_matching(k);
                                    augmented = true;
                                    break;
                                }
                            } else if self.label[w] == 0 {
                                self.label[w] = 2;
                                self.labelend[w] = (p ^ 1) as isize;
                            }
                        } else if self.label[self.inblossom[w]] == 1 {
                            let b = self.inblossom[v];
                            if self.bestedge[b] == NONE
                                || kslack < self.slack(self.bestedge[b] as usize)
                            {
                                self.bestedge[b] = k as isize;
                            }
                        } else if self.label[w] == 0
                            && (self.bestedge[w] == NONE
                                || kslack < self.slack(self.bestedge[w] as usize))
                        {
                            self.bestedge[w] = k as isize;
                        }
                    }
                }
                if augmented {
                    break;
                }
                // No augmenting path: change the duals by the largest step that keeps
                // them feasible.
                let mut deltatype = 0;
                let mut delta = W::ZERO;
                let mut deltaedge = 0;
                let mut deltablossom = 0;
                if !self.max_cardinality {
                    deltatype = 1;
                    delta = *self.dualvar[..n].iter().min().expect("vertices");
                }
                for v in 0..n {
                    if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                        let d = self.slack(self.bestedge[v] as usize);
                        if deltatype == 0 || d < delta {
                            delta = d;
                            deltatype = 2;
                            deltaedge = self.bestedge[v] as usize;
                        }
                    }
                }
                for b in 0..2 * n {
                    if self.blossomparent[b] == NONE
                        && self.label[b] == 1
                        && self.bestedge[b] != NONE
                    {
                        let d = self.slack(self.bestedge[b] as usize).half();
                        if deltatype == 0 || d < delta {
                            delta = d;
                            deltatype = 3;
                            deltaedge = self.bestedge[b] as usize;
                        }
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] >= 0
                        && self.blossomparent[b] == NONE
                        && self.label[b] == 2
                        && (deltatype == 0 || self.dualvar[b] < delta)
                    {
                        delta = self.dualvar[b];
                        deltatype = 4;
                        deltablossom = b;
                    }
                }
                if deltatype == 0 {
                    // Maximum cardinality reached: one last step to make it optimal.
                    deltatype = 1;
                    delta = (*self.dualvar[..n].iter().min().expect("vertices")).max(W::ZERO);
                }
                for v in 0..n {
                    match self.label[self.inblossom[v]] {
                        1 => self.dualvar[v] -= delta,
                        2 => self.dualvar[v] += delta,
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] >= 0 && self.blossomparent[b] == NONE {
                        match self.label[b] {
                            1 => self.dualvar[b] += delta,
                            2 => self.dualvar[b] -= delta,
                            _ => {}
                        }
                    }
                }
                match deltatype {
                    1 => break,
                    2 => {
                        self.allowedge[deltaedge] = true;
                        let (mut i, j, _) = self.edges[deltaedge];
                        if self.label[self.inblossom[i]] == 0 {
                            i = j;
                        }
                        self.queue.push(i);
                    }
                    3 => {
                        self.allowedge[deltaedge] = true;
                        let (i, _, _) = self.edges[deltaedge];
                        self.queue.push(i);
                    }
                    _ => self.expand_blossom(deltablossom, false),
                }
            }
            if !augmented {
                break;
            }
            for b in n..2 * n {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] >= 0
                    && self.label[b] == 1
                    && self.dualvar[b] == W::ZERO
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }
}
