//! Where each Xiangqi weight lives in the flat weight array, as the 8x8 games' layout does
//! it (see [`crate::board8::eval::layout`]): the terms address weights only through these
//! offsets, and the tuner writes and fits them section by section.

use crate::board8::eval::layout::layout;

layout! {
    MATERIAL: 6, 6, "advisor elephant horse chariot cannon soldier";
    SOLDIER_CROSSED: 1, 1, "soldier across the river (it may step sideways)";
    PST: 7 * 90, 9, "role (K A B N R C P) * 90 + point from the owner's side (a0 = 0, i9 = 89)";
    MISSING_ADVISOR: 1, 1, "per missing advisor, times the enemy chariots, horses and cannons";
    MISSING_ELEPHANT: 1, 1, "per missing elephant, times the enemy chariots, horses and cannons";
    CHARIOT_MOBILITY: 18, 9, "points a chariot can move to, captures included (0..17)";
    HORSE_MOBILITY: 9, 9, "points a horse can move to, its legs free (0..8)";
    CANNON_MOBILITY: 18, 9, "points a cannon can move to, plus its captures over a screen (0..17)";
    CANNON_ON_GENERAL_FILE: 3, 3, "cannon on the enemy general's file, by the pieces between: 0, 1 (check), 2";
    TEMPO: 1, 1, "the side to move";
}
