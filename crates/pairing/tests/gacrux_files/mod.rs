//! The tournaments scripts/gacrux.sh keeps for the in-process comparisons: in
//! `SHATAR_GACRUX_DIR`, the first `SHATAR_GACRUX_COUNT` (200 by default) T*.trf files,
//! as `gacrux-compare.py --count` takes them, and every B*.trf (Baku acceleration). None
//! without the variable: nothing to compare.

use std::path::PathBuf;

pub fn files() -> Option<Vec<PathBuf>> {
    let dir = std::env::var("SHATAR_GACRUX_DIR").ok()?;
    let count: usize = std::env::var("SHATAR_GACRUX_COUNT")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(200);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    files.sort();
    let name = |p: &PathBuf| p.file_name().unwrap().to_string_lossy().into_owned();
    let mut chosen: Vec<PathBuf> = files
        .iter()
        .filter(|p| name(p).starts_with('B'))
        .cloned()
        .collect();
    chosen.extend(
        files
            .iter()
            .filter(|p| name(p).starts_with('T'))
            .take(count)
            .cloned(),
    );
    Some(chosen)
}
