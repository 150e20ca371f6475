//! `shatar-tune fit`: Texel tuning. Each position is traced once into its sparse weight
//! coefficients and phase; the evaluation is then a dot product, linear in the weights:
//!
//! `E = Σ c_i (mg_i ρ + eg_i (1 - ρ))`, with `ρ = phase / max phase`, White's (Red's) view,
//!
//! and the fit minimises the mean squared error between a target `y` and
//! `σ(E) = 1 / (1 + 10^(-K E / 400))`. K is fitted first, against the game results with
//! the starting weights, and then held, so the weights keep the centipawn scale of the
//! start. The target is the game's result (White's score) or, with `--lambda λ < 1`,
//! `λ result + (1 - λ) σ(search score)`: a game's result is one noisy bit shared by all
//! its positions, while the search's score of each position says something about that
//! position alone, so the blend lets a few thousand games carry more.
//!
//! What is fitted are changes to the starting weights, `w = start + A θ`, by full-batch
//! Adam with an exact gradient, an L2 pull of θ towards 0, and early stopping on the
//! held-out positions. `A` ties weights together where the data is thin: by default each
//! piece-square table moves by a per-file plus a per-rank amount (16 parameters per
//! piece instead of 64; in Xiangqi, whose tables are symmetric left to right, 5 + 10
//! instead of 90), so a few thousand games (results are per game, so games rather than
//! positions are what counts) still say something about every square.

use std::path::PathBuf;
use std::time::Instant;

use shatar_engine::tapered::{S, s};

use crate::games::Game;
use crate::weights_file;

#[derive(Clone, Debug)]
pub struct FitOptions {
    pub data: Vec<PathBuf>,
    pub out: PathBuf,
    pub epochs: usize,
    /// Adam's step size at the start, in centipawns; it decays tenfold over the run.
    pub lr: f64,
    /// The share of positions, taken from the end of the data, held out to validate.
    pub validation: f64,
    /// The weights to start from: `bootstrap`, `builtin` or a weight file.
    pub start: String,
    /// L2 pull towards the starting weights: this much loss per weight parameter moved
    /// 100 centipawns. Keeps rarely seen weights near their start.
    pub l2: f64,
    /// Each square of the piece-square tables free (`full`), or per file plus per rank.
    pub full_pst: bool,
    /// The game result's share of the target; the rest is the search's score (1: results
    /// only, which data without scores needs).
    pub lambda: f64,
    /// Which K turns a score into an expected result for the blend.
    pub score_k: ScoreK,
    /// Sections held at their starting weights (by layout name, e.g. `MATERIAL`).
    pub frozen: Vec<String>,
    /// The command line, for the weight file's header.
    pub command: String,
}

/// The sigmoid's K for the scores in the data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreK {
    /// The results' K: our own search's scores are on our evaluation's scale.
    Same,
    /// Its own K, fitted so that the scores best predict the results: another engine's
    /// scores (`shatar-tune label`) are on that engine's scale, and taking them at our K
    /// would rescale our evaluation, and with it every margin of the search.
    Fit,
}

/// How the fitted parameters θ move the weights: weight `i` moves by the sum of the
/// parameters in `rows[i]` (each with factor 1).
struct Basis {
    rows: Vec<Vec<u32>>,
    params: usize,
}

impl Basis {
    fn new<G: Game>(full_pst: bool, frozen: &[String]) -> Result<Basis, String> {
        let pst = &G::PST;
        let squares = pst.files * pst.ranks;
        let is_pst = |i: usize| (pst.offset..pst.offset + pst.roles.len() * squares).contains(&i);
        let mut rows = vec![Vec::new(); G::COUNT];
        let mut params = 0;
        for (i, row) in rows.iter_mut().enumerate() {
            if full_pst || !is_pst(i) {
                row.push(params as u32);
                params += 1;
            }
        }
        if !full_pst {
            // A file and its mirror share a parameter where the tables are symmetric.
            let file_params = if pst.mirror_files {
                pst.files.div_ceil(2)
            } else {
                pst.files
            };
            let file_param = |f: usize| {
                if pst.mirror_files {
                    f.min(pst.files - 1 - f)
                } else {
                    f
                }
            };
            for role in 0..pst.roles.len() {
                let (files, ranks) = (params, params + file_params);
                params += file_params + pst.ranks;
                for sq in 0..squares {
                    let (file, rank) = (sq % pst.files, sq / pst.files);
                    rows[pst.offset + squares * role + sq] =
                        vec![(files + file_param(file)) as u32, (ranks + rank) as u32];
                }
            }
        }
        for name in frozen {
            let section = G::SECTIONS
                .iter()
                .find(|section| section.name == name.as_str())
                .ok_or_else(|| {
                    let names: Vec<&str> = G::SECTIONS.iter().map(|section| section.name).collect();
                    format!(
                        "--freeze: no section `{name}`; the sections are {}",
                        names.join(", ")
                    )
                })?;
            // A parameter no weight uses has no gradient: it stays at zero.
            for row in &mut rows[section.offset..section.offset + section.len] {
                row.clear();
            }
        }
        Ok(Basis { rows, params })
    }

    /// The weights for parameters `theta`, unrounded.
    fn weights(&self, start: &[S], theta: &[[f64; 2]]) -> Vec<[f64; 2]> {
        start
            .iter()
            .zip(&self.rows)
            .map(|(w, row)| {
                let moved = |j: usize| row.iter().map(|&p| theta[p as usize][j]).sum::<f64>();
                [f64::from(w.mg()) + moved(0), f64::from(w.eg()) + moved(1)]
            })
            .collect()
    }
}

/// The positions as the fit sees them.
#[derive(Default)]
struct Data {
    /// Every position's non-zero weight coefficients (weight index, coefficient)...
    weights: Vec<(u16, i16)>,
    /// ... and the same in parameter space (parameter index, coefficient).
    params: Vec<(u32, i32)>,
    samples: Vec<Sample>,
}

struct Sample {
    weights: (u32, u32),
    params: (u32, u32),
    /// The middlegame share, phase / max phase.
    rho: f64,
    /// What the fit aims at: the game's result until [`Data::blend`] mixes in the score.
    result: f64,
    /// The search's score in centipawns, White's view, when the data has it.
    score: Option<f64>,
    /// The evaluation with the starting weights.
    base: f64,
}

impl Data {
    fn push<G: Game>(
        &mut self,
        fen_text: &str,
        (result, score): (f64, Option<f64>),
        basis: &Basis,
        start: &[S],
    ) -> Result<(), String> {
        let (coefficients, phase) = G::trace(&G::parse_fen(fen_text)?);
        let rho = f64::from(phase) / f64::from(G::MAX_PHASE);
        let w0 = self.weights.len() as u32;
        let mut per_param = std::collections::BTreeMap::<u32, i32>::new();
        let mut base = 0.0;
        for (i, &c) in coefficients.iter().enumerate() {
            if c != 0 {
                let c16 = i16::try_from(c).map_err(|_| format!("coefficient {c} out of range"))?;
                self.weights.push((i as u16, c16));
                base += f64::from(c)
                    * (f64::from(start[i].mg()) * rho + f64::from(start[i].eg()) * (1.0 - rho));
                for &p in &basis.rows[i] {
                    *per_param.entry(p).or_default() += c;
                }
            }
        }
        let p0 = self.params.len() as u32;
        self.params
            .extend(per_param.into_iter().filter(|&(_, c)| c != 0));
        let (w1, p1) = (self.weights.len() as u32, self.params.len() as u32);
        self.samples.push(Sample {
            weights: (w0, w1),
            params: (p0, p1),
            rho,
            result,
            score,
            base,
        });
        Ok(())
    }

    /// Turns each target into `lambda * result + (1 - lambda) * σ(score)`, once K is known.
    fn blend(&mut self, k: f64, lambda: f64) {
        for smp in &mut self.samples {
            if let Some(score) = smp.score {
                smp.result = lambda * smp.result + (1.0 - lambda) * sigmoid(k, score);
            }
        }
    }

    fn params_of(&self, smp: &Sample) -> &[(u32, i32)] {
        &self.params[smp.params.0 as usize..smp.params.1 as usize]
    }

    /// The evaluation with parameters `theta`.
    fn eval(&self, smp: &Sample, theta: &[[f64; 2]]) -> f64 {
        let moved: f64 = self
            .params_of(smp)
            .iter()
            .map(|&(p, c)| {
                f64::from(c)
                    * (theta[p as usize][0] * smp.rho + theta[p as usize][1] * (1.0 - smp.rho))
            })
            .sum();
        smp.base + moved
    }

    fn loss(&self, theta: &[[f64; 2]], k: f64) -> f64 {
        self.mean(|smp| self.eval(smp, theta), k)
    }

    /// The loss of integer weights `w`, straight from the weight coefficients.
    fn loss_of_weights(&self, w: &[S], k: f64) -> f64 {
        self.mean(
            |smp| {
                self.weights[smp.weights.0 as usize..smp.weights.1 as usize]
                    .iter()
                    .map(|&(i, c)| {
                        let w = w[i as usize];
                        f64::from(c)
                            * (f64::from(w.mg()) * smp.rho + f64::from(w.eg()) * (1.0 - smp.rho))
                    })
                    .sum()
            },
            k,
        )
    }

    fn mean(&self, eval: impl Fn(&Sample) -> f64, k: f64) -> f64 {
        let sum: f64 = self
            .samples
            .iter()
            .map(|smp| (smp.result - sigmoid(k, eval(smp))).powi(2))
            .sum();
        sum / self.samples.len().max(1) as f64
    }
}

fn sigmoid(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

/// Reads `FEN;result` or `FEN;result;score` lines; the last `validation` share goes to the
/// second set. The data is written game by game, so the split falls between games, not
/// inside one.
fn load<G: Game>(opts: &FitOptions, basis: &Basis, start: &[S]) -> Result<(Data, Data), String> {
    let mut lines = Vec::new();
    for path in &opts.data {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        lines.extend(
            text.lines()
                .filter(|l| !l.trim().is_empty())
                .map(str::to_owned),
        );
    }
    let split = lines.len() - (lines.len() as f64 * opts.validation) as usize;
    let (mut train, mut valid) = (Data::default(), Data::default());
    for (n, line) in lines.iter().enumerate() {
        let (fen_text, result, score) =
            parse_line(line, opts.lambda < 1.0).map_err(|e| format!("line {}: {e}", n + 1))?;
        let set = if n < split { &mut train } else { &mut valid };
        set.push::<G>(fen_text, (result, score), basis, start)
            .map_err(|e| format!("line {}: {e}", n + 1))?;
    }
    Ok((train, valid))
}

/// One data line's FEN, result and score (required when the fit blends it in).
pub(crate) fn parse_line(line: &str, need_score: bool) -> Result<(&str, f64, Option<f64>), String> {
    let mut fields = line.split(';');
    let fen_text = fields.next().unwrap_or_default();
    let result: f64 = fields
        .next()
        .ok_or("no ';' after the FEN")?
        .trim()
        .parse()
        .map_err(|e| format!("result: {e}"))?;
    if !(0.0..=1.0).contains(&result) {
        return Err(format!("result {result}: not between 0 and 1"));
    }
    let score = match fields.next() {
        Some(text) => Some(
            text.trim()
                .parse::<f64>()
                .map_err(|e| format!("score `{text}`: {e}"))?,
        ),
        None if need_score => {
            return Err("no search score (FEN;result;score), which --lambda below 1 needs".into());
        }
        None => None,
    };
    if fields.next().is_some() {
        return Err("more than three ';'-separated fields".into());
    }
    Ok((fen_text, result, score))
}

/// The K that minimises the loss of the starting weights.
fn fit_k(data: &Data, theta: &[[f64; 2]]) -> f64 {
    golden_section(|k| data.loss(theta, k))
}

/// The K under which the data's scores best predict its results.
fn fit_score_k(data: &Data) -> f64 {
    golden_section(|k| {
        let (sum, n) = data
            .samples
            .iter()
            .filter_map(|smp| {
                smp.score
                    .map(|score| (smp.result - sigmoid(k, score)).powi(2))
            })
            .fold((0.0, 0usize), |(sum, n), e| (sum + e, n + 1));
        sum / n.max(1) as f64
    })
}

/// The minimum of a loss in K over 0.05..5, by golden-section search.
fn golden_section(loss: impl Fn(f64) -> f64) -> f64 {
    let (mut lo, mut hi) = (0.05f64, 5.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let (a, b) = (hi - g * (hi - lo), lo + g * (hi - lo));
        if loss(a) < loss(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

pub fn run<G: Game>(opts: &FitOptions) -> Result<(), String> {
    let clock = Instant::now();
    let start = weights_file::load::<G>(&opts.start)?;
    let basis = Basis::new::<G>(opts.full_pst, &opts.frozen)?;
    let (mut train, mut valid) = load::<G>(opts, &basis, &start)?;
    if train.samples.is_empty() {
        return Err("no training positions".into());
    }
    let avg = train.weights.len() as f64 / train.samples.len() as f64;
    println!(
        "{} training and {} validation positions ({avg:.0} weights each), {} parameters, traced in {:.1} s",
        train.samples.len(),
        valid.samples.len(),
        2 * basis.params,
        clock.elapsed().as_secs_f64()
    );
    let mut theta = vec![[0f64; 2]; basis.params];
    let k = fit_k(&train, &theta);
    let score_k = match opts.score_k {
        ScoreK::Same => k,
        ScoreK::Fit => fit_score_k(&train),
    };
    train.blend(score_k, opts.lambda);
    valid.blend(score_k, opts.lambda);
    let (train0, valid0) = (
        train.loss_of_weights(&start, k),
        valid.loss_of_weights(&start, k),
    );
    if opts.score_k == ScoreK::Fit {
        println!("the scores' own K = {score_k:.4}");
    }
    println!("K = {k:.4}; start loss: train {train0:.6}, validation {valid0:.6}");

    // Adam. The parameters of the epoch with the best validation loss are kept (early
    // stopping), checked every `CHECK` epochs.
    const CHECK: usize = 10;
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-8f64);
    let mut m = vec![[0f64; 2]; basis.params];
    let mut v = vec![[0f64; 2]; basis.params];
    let scale = 2.0 * k * std::f64::consts::LN_10 / 400.0 / train.samples.len() as f64;
    let mut best = (valid0, 0, theta.clone());
    for epoch in 1..=opts.epochs {
        let mut grad: Vec<[f64; 2]> = theta
            .iter()
            .map(|t| t.map(|x| 2.0 * opts.l2 * x / 1e4))
            .collect();
        let mut sum = 0.0;
        for smp in &train.samples {
            let p = sigmoid(k, train.eval(smp, &theta));
            let err = p - smp.result;
            sum += err * err;
            let d = err * p * (1.0 - p) * scale;
            for &(i, c) in train.params_of(smp) {
                let g = &mut grad[i as usize];
                g[0] += d * f64::from(c) * smp.rho;
                g[1] += d * f64::from(c) * (1.0 - smp.rho);
            }
        }
        let lr = opts.lr * 0.1f64.powf((epoch - 1) as f64 / opts.epochs.max(1) as f64);
        let (c1, c2) = (1.0 - b1.powi(epoch as i32), 1.0 - b2.powi(epoch as i32));
        for ((t, g), (m, v)) in theta
            .iter_mut()
            .zip(&grad)
            .zip(m.iter_mut().zip(v.iter_mut()))
        {
            for j in 0..2 {
                m[j] = b1 * m[j] + (1.0 - b1) * g[j];
                v[j] = b2 * v[j] + (1.0 - b2) * g[j] * g[j];
                t[j] -= lr * (m[j] / c1) / ((v[j] / c2).sqrt() + eps);
            }
        }
        // Every epoch's training loss; the held-out loss every `CHECK` epochs.
        let train_loss = sum / train.samples.len() as f64;
        let mut line = format!("epoch {epoch:5}  loss {train_loss:.6}");
        if epoch % CHECK == 0 || epoch == opts.epochs {
            let valid_loss = valid.loss(&theta, k);
            if valid.samples.is_empty() || valid_loss < best.0 {
                best = (valid_loss, epoch, theta.clone());
            }
            line += &format!(
                "  validation {valid_loss:.6}  lr {lr:.3}  {:.0} s",
                clock.elapsed().as_secs_f64()
            );
        }
        println!("{line}");
    }
    let (_, best_epoch, theta) = best;
    println!("keeping the parameters of epoch {best_epoch}, the best on validation");

    let tuned: Vec<S> = basis
        .weights(&start, &theta)
        .iter()
        .map(|w| s(w[0].round() as i32, w[1].round() as i32))
        .collect();
    let (train1, valid1) = (
        train.loss_of_weights(&tuned, k),
        valid.loss_of_weights(&tuned, k),
    );
    println!(
        "final (rounded) loss: train {train1:.6} (start {train0:.6}), validation {valid1:.6} (start {valid0:.6})"
    );
    let files: Vec<String> = opts.data.iter().map(|p| p.display().to_string()).collect();
    let mut header = vec![
        format!("command: `{}`", opts.command),
        format!(
            "data: {} ({} training positions, the last {} held out for validation)",
            files.join(", "),
            train.samples.len(),
            valid.samples.len()
        ),
    ];
    for path in &opts.data {
        if let Ok(info) = std::fs::read_to_string(crate::selfplay::info_path(path)) {
            header.extend(info.lines().map(|l| format!("  {}: {l}", path.display())));
        }
    }
    header.extend([
        format!(
            "date: {}; from `{}`; K = {k:.4}; lambda {}{}; L2 {}; {} square tables; best of {} epochs on validation: {best_epoch}",
            weights_file::today(),
            opts.start,
            opts.lambda,
            match opts.score_k {
                ScoreK::Same => String::new(),
                ScoreK::Fit => format!(" (the scores' own K = {score_k:.4})"),
            },
            opts.l2,
            if opts.full_pst { "free" } else { "file + rank" },
            opts.epochs
        ),
        format!("loss (mean squared error): train {train0:.6} -> {train1:.6}, validation {valid0:.6} -> {valid1:.6}"),
    ]);
    let text = weights_file::render::<G>(&tuned, &header);
    std::fs::write(&opts.out, text).map_err(|e| format!("{}: {e}", opts.out.display()))?;
    println!("wrote {}", opts.out.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use shatar_engine::SearchPosition;
    use shatar_rules::{GamePosition, Mongolian};

    use super::*;
    use crate::games::{Board8, Xiangqi};

    /// With the parameters at zero, the fit's evaluation is the engine's (White's view),
    /// but for the engine's integer division.
    fn the_fit_sees_the_engine_evaluation<G: Game>() {
        let start = G::builtin();
        let basis = Basis::new::<G>(false, &[]).unwrap();
        let mut data = Data::default();
        let mut pos = *G::position(&G::new_record());
        let mut fens = Vec::new();
        for i in 0..60 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[(i * 7) % moves.len()]);
            fens.push((G::write_fen(&pos), pos));
        }
        for (fen_text, _) in &fens {
            data.push::<G>(fen_text, (0.5, None), &basis, &start)
                .unwrap();
        }
        let theta = vec![[0.0; 2]; basis.params];
        for (smp, (_, pos)) in data.samples.iter().zip(&fens) {
            let engine = f64::from(pos.evaluate() * pos.turn().fold(1, -1));
            assert!(
                (data.eval(smp, &theta) - engine).abs() < 1.0,
                "{} vs {engine}",
                data.eval(smp, &theta)
            );
        }
    }

    #[test]
    fn the_fit_sees_the_engine_evaluation_in_every_game() {
        the_fit_sees_the_engine_evaluation::<Board8<Mongolian>>();
        the_fit_sees_the_engine_evaluation::<Xiangqi>();
    }

    #[test]
    fn data_lines_are_read_with_or_without_a_score() {
        let fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
        assert_eq!(
            parse_line(&format!("{fen};1.0"), false),
            Ok((fen, 1.0, None))
        );
        assert_eq!(
            parse_line(&format!("{fen};0.5;-37"), true),
            Ok((fen, 0.5, Some(-37.0)))
        );
        for (line, error) in [
            (format!("{fen};1.0"), "no search score"),
            (fen.to_owned(), "no ';'"),
            (format!("{fen};2"), "not between 0 and 1"),
            (format!("{fen};1;x"), "score `x`"),
            (format!("{fen};1;3;4"), "more than three"),
        ] {
            let got = parse_line(&line, true).unwrap_err();
            assert!(got.contains(error), "{line}: {got}");
        }
    }

    #[test]
    fn blending_mixes_the_result_with_the_scores_sigmoid() {
        let mut data = Data::default();
        let basis = Basis::new::<Board8<Mongolian>>(false, &[]).unwrap();
        let start = Board8::<Mongolian>::builtin();
        let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
        data.push::<Board8<Mongolian>>(fen, (1.0, Some(0.0)), &basis, &start)
            .unwrap();
        data.push::<Board8<Mongolian>>(fen, (0.0, None), &basis, &start)
            .unwrap();
        data.blend(1.0, 0.25);
        assert!((data.samples[0].result - (0.25 + 0.75 * 0.5)).abs() < 1e-12);
        assert_eq!(data.samples[1].result, 0.0);
    }

    #[test]
    fn another_engines_scores_get_the_k_under_which_they_predict_the_results() {
        // Scores on twice our scale, with results as their sigmoid at K = 0.8: the scores'
        // own K is found, whatever the evaluation's.
        let basis = Basis::new::<Board8<Mongolian>>(false, &[]).unwrap();
        let start = Board8::<Mongolian>::builtin();
        let mut data = Data::default();
        for score in (-600..=600).step_by(50) {
            let score = f64::from(score);
            data.push::<Board8<Mongolian>>(
                "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
                (sigmoid(0.8, score), Some(score)),
                &basis,
                &start,
            )
            .unwrap();
        }
        assert!((fit_score_k(&data) - 0.8).abs() < 1e-3);
    }

    #[test]
    fn a_rank_parameter_moves_the_whole_rank() {
        // Moving one rank parameter of the knight table moves every knight on that rank.
        let basis = Basis::new::<Board8<Mongolian>>(false, &[]).unwrap();
        let pst = shatar_engine::board8::eval::layout::PST;
        let rows = &basis.rows[pst + 64 + 8 * 2..pst + 64 + 8 * 3];
        let rank_param = rows[0][1];
        assert!(rows.iter().all(|r| r.len() == 2 && r[1] == rank_param));
        // In Xiangqi a file and its mirror share their parameter: the horse on c3 and g3.
        let basis = Basis::new::<Xiangqi>(false, &[]).unwrap();
        let horse = shatar_engine::xiangqi::eval::layout::PST + 3 * 90;
        assert_eq!(basis.rows[horse + 3 * 9 + 2], basis.rows[horse + 3 * 9 + 6]);
        assert_ne!(basis.rows[horse + 3 * 9 + 2], basis.rows[horse + 3 * 9 + 3]);
    }

    #[test]
    fn a_frozen_section_moves_no_weight() {
        use shatar_engine::board8::eval::layout::{MATERIAL, TEMPO};
        let frozen = ["MATERIAL".to_string(), "TEMPO".to_string()];
        let basis = Basis::new::<Board8<Mongolian>>(false, &frozen).unwrap();
        assert!(basis.rows[MATERIAL..MATERIAL + 5].iter().all(Vec::is_empty));
        assert!(basis.rows[TEMPO].is_empty());
        assert_eq!(
            basis.rows[MATERIAL + 5].len(),
            2,
            "the pawn table still moves"
        );
        let Err(error) = Basis::new::<Board8<Mongolian>>(false, &["MATERAIL".to_string()]) else {
            panic!("a misspelt section must be refused");
        };
        assert!(error.contains("no section `MATERAIL`"), "{error}");
    }
}
