//! PNG board pictures.
