//! Esoterica.
