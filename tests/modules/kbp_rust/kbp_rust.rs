// SPDX-License-Identifier: GPL-2.0

//! kbuild-pack's Rust test module: built out of tree against the packed
//! kernel tree, it must use the kernel crate's macros (`module!` with a
//! parameter, `pr_info!`) and call C functions the kernel exports, so that
//! its modversions name vmlinux symbols whose CRCs gendwarfksyms computed.

use kernel::prelude::*;

module! {
    type: KbpRust,
    name: "kbp_rust",
    authors: ["kbuild-pack"],
    description: "kbuild-pack Rust test module",
    license: "GPL",
    params: {
        factor: i64 {
            default: 3,
            description: "multiplies the results printed at load",
        },
    },
}

struct KbpRust;

impl kernel::Module for KbpRust {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let factor = *module_parameters::factor.value();
        // SAFETY: int_sqrt() and int_pow() are pure C functions of their
        // integer arguments (lib/math, EXPORT_SYMBOL / EXPORT_SYMBOL_GPL).
        let (root, pow) = unsafe { (kernel::bindings::int_sqrt(1764), kernel::bindings::int_pow(2, 10)) };
        pr_info!(
            "loaded, int_sqrt(1764)={} int_pow(2,10)={} factor={} scaled={}\n",
            root,
            pow,
            factor,
            root as i64 * factor
        );
        Ok(KbpRust)
    }
}

impl Drop for KbpRust {
    fn drop(&mut self) {
        pr_info!("unloaded\n");
    }
}
