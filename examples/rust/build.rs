// Links libTenferroCAPI.so from TENFERRO_LIB_DIR: the build tree's lib/ or
// an install prefix's lib/.
fn main() {
    let dir = std::env::var("TENFERRO_LIB_DIR")
        .expect("set TENFERRO_LIB_DIR to the directory holding libTenferroCAPI.so");
    println!("cargo:rustc-link-search=native={dir}");
    println!("cargo:rustc-link-lib=dylib=TenferroCAPI");
    println!("cargo:rustc-link-arg=-Wl,-rpath,{dir}");
    println!("cargo:rerun-if-env-changed=TENFERRO_LIB_DIR");
}
