//! One folder per game. Each is behind its own cargo feature so it can be built and tested alone.

#[allow(unused_imports)] // unused only in a build without any game
use crate::registry::{Adapter, DynGame};

#[cfg(test)]
pub(crate) mod gesture_checks;
#[cfg(feature = "senbat")]
pub mod senbat;
#[cfg(feature = "shidouban")]
pub mod shidouban;
#[cfg(feature = "shinobazu")]
pub mod shinobazu;
#[cfg(feature = "suriagehara")]
pub mod suriagehara;
#[cfg(feature = "uosao")]
pub mod uosao;

/// The registry's contents, in the order games are listed to users.
pub(crate) static ALL: &[&dyn DynGame] = &[
    #[cfg(feature = "uosao")]
    &Adapter::<uosao::Uosao>::new(),
    #[cfg(feature = "shinobazu")]
    &Adapter::<shinobazu::Shinobazu>::new(),
    #[cfg(feature = "shidouban")]
    &Adapter::<shidouban::Shidouban>::new(),
    #[cfg(feature = "senbat")]
    &Adapter::<senbat::Senbat>::new(),
    #[cfg(feature = "suriagehara")]
    &Adapter::<suriagehara::Suriagehara>::new(),
];
