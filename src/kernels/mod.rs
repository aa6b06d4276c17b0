//! Scanning kernels: where a run of bytes of one class ends, sixteen bytes a step in portable
//! code ([`scan`]) and 32 with AVX2 where the CPU has it ([`avx2`], the crate's one module
//! with `unsafe` code). They know bytes and the tables' classes, nothing of components or
//! grammar rules: the driver above hands them a state's loop bits and takes back an index.

#[cfg(all(feature = "std", target_arch = "x86_64"))]
pub(crate) mod avx2;
pub(crate) mod scan;
