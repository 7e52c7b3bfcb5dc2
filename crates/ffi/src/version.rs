//! The library version.

use std::ffi::{c_char, CStr};

/// Major version of the library this header belongs to. From 1.0 on, it
/// grows only when the ABI breaks (an export removed or changed, a struct or
/// constant changed); before 1.0, the minor version plays that role.
pub const HALMA_VERSION_MAJOR: u32 = 0;
/// Minor version. From 1.0 on: grows when the ABI grows compatibly (new
/// exports, result codes or constants). Before 1.0: grows when it breaks.
pub const HALMA_VERSION_MINOR: u32 = 1;
/// Patch version: fixes (and, before 1.0, compatible additions).
pub const HALMA_VERSION_PATCH: u32 = 0;

/// The version as a NUL-terminated string.
const VERSION: &CStr =
    match CStr::from_bytes_with_nul(concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes()) {
        Ok(version) => version,
        Err(_) => panic!("the package version has no NUL"),
    };

/// The version of the library that is loaded, as a static NUL-terminated
/// string "MAJOR.MINOR.PATCH" (never free it). Compare it with the
/// `HALMA_VERSION_*` macros of the header you compiled against.
///
/// Thread-safe.
#[no_mangle]
pub extern "C" fn halma_version() -> *const c_char {
    VERSION.as_ptr()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_constants_match_the_package_version() {
        let parts: Vec<u32> = env!("CARGO_PKG_VERSION")
            .split(['.', '-', '+'])
            .take(3)
            .map(|part| part.parse().unwrap())
            .collect();
        assert_eq!(
            parts,
            [HALMA_VERSION_MAJOR, HALMA_VERSION_MINOR, HALMA_VERSION_PATCH],
            "update the HALMA_VERSION_* constants (and regenerate include/halma.h) to match Cargo.toml"
        );
        // SAFETY: a static NUL-terminated string.
        let text = unsafe { CStr::from_ptr(halma_version()) };
        assert_eq!(text.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
    }
}
