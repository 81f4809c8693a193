//! wavescope debugger adapter.
