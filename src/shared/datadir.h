/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Where the installed (or uninstalled, in build/) data and helpers live. */
#pragma once

/* The manifest directory: $KBUILD_PACK_MANIFEST_DIR, else beside the
 * running binary (bin/../share/kbuild-pack/manifests), else the
 * configured install path. */
char *kbp_manifest_dir(void);
/* The modules audit --corpus builds: "modules" beside the manifest dir. */
char *kbp_corpus_dir(void);
/* kbuild-modpost's sources, which --host-tools=target builds for another
 * machine: "kbuild-modpost-src" beside the manifest dir. */
char *kbp_modpost_src_dir(void);
/* A sibling program of the running binary (e.g. "kbuild-modpost"), or NULL. */
char *kbp_sibling_program(const char *name);
