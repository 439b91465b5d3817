//! The sourcing engine: answers "which candidates fit this search, and why" from memory.
