//! Compiles the shims of the libraries whose headers are installed (Debian: liburiparser-dev,
//! libboost-url1.81-dev; scripts/bench.sh installs them) and says which with a cfg. Without
//! them this crate builds, and its functions say the peer is missing. `URILEX_NO_CPEERS=1`
//! builds without them even when installed (to check that case).

use std::path::Path;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(has_uriparser)");
    println!("cargo::rustc-check-cfg=cfg(has_boost_url)");
    println!("cargo:rerun-if-changed=shim");
    println!("cargo:rerun-if-env-changed=URILEX_NO_CPEERS");
    if std::env::var_os("URILEX_NO_CPEERS").is_some() {
        return;
    }
    if Path::new("/usr/include/uriparser/Uri.h").exists() {
        cc::Build::new()
            .file("shim/uriparser_shim.c")
            .opt_level(2)
            .compile("urilex_uriparser_shim");
        println!("cargo:rustc-link-lib=uriparser");
        println!("cargo:rustc-cfg=has_uriparser");
    }
    if Path::new("/usr/include/boost/url.hpp").exists() {
        cc::Build::new()
            .cpp(true)
            .std("c++17")
            .file("shim/boost_url_shim.cpp")
            .opt_level(2)
            .compile("urilex_boost_url_shim");
        println!("cargo:rustc-link-lib=boost_url");
        println!("cargo:rustc-cfg=has_boost_url");
    }
}
