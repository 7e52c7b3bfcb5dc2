//! Errors as the package's own exceptions: `halma.errors.error_for(code,
//! detail)` makes them, with the C ABI's result codes, so that a failure
//! here and the same failure through ctypes raise the same class.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;

/// `HALMA_RESULT_INVALID_ARGUMENT`.
pub(crate) const INVALID_ARGUMENT: u32 = 3;
/// `HALMA_RESULT_INVALID_RULES`.
pub(crate) const INVALID_RULES: u32 = 5;
/// `HALMA_RESULT_INVALID_POSITION`.
pub(crate) const INVALID_POSITION: u32 = 6;

/// `halma.errors.error_for`, imported once.
static ERROR_FOR: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// The exception of the package for a result code and its detail.
pub(crate) fn error(py: Python<'_>, code: u32, detail: impl Into<String>) -> PyErr {
    let detail = detail.into();
    let factory = ERROR_FOR.get_or_try_init(py, || -> PyResult<Py<PyAny>> {
        Ok(py.import("halma.errors")?.getattr("error_for")?.unbind())
    });
    match factory.and_then(|factory| factory.bind(py).call1((code, detail))) {
        Ok(exception) => PyErr::from_value(exception),
        Err(failure) => failure,
    }
}

/// An argument out of range.
pub(crate) fn invalid(py: Python<'_>, detail: impl Into<String>) -> PyErr {
    error(py, INVALID_ARGUMENT, detail)
}
