//! wavescope tui adapter.
