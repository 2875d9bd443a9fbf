//! Shogi rules core (RULES.md §1). Pure and deterministic: no I/O, no clocks.
