//! wavescope traces adapter.
