//! The HTTP face of Vivier.
