//! The acceptance scenarios S1..S38 of spec §10.
