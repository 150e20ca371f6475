//! Where each Xiangqi weight lives in the flat weight array, as the 8x8 games' layout does
//! it (see [`crate::board8::eval::layout`]): the terms address weights only through these
//! offsets, so the tuner can later fit them section by section.

use crate::board8::eval::layout::layout;

layout! {
    MATERIAL: 6, 6, "advisor elephant horse chariot cannon soldier";
    SOLDIER_CROSSED: 1, 1, "soldier across the river (it may step sideways)";
    PST: 7 * 90, 9, "role (K A B N R C P) * 90 + point from the owner's side (a0 = 0, i9 = 89)";
    MISSING_ADVISOR: 1, 1, "per missing advisor, times the enemy chariots, horses and cannons";
    MISSING_ELEPHANT: 1, 1, "per missing elephant, times the enemy chariots, horses and cannons";
    TEMPO: 1, 1, "the side to move";
}
