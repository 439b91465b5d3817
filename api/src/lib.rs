//! The HTTP face of Vivier.
pub mod geodata;
