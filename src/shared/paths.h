/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Where the installed (or uninstalled, in build/) data and helpers live,
 * and path arithmetic inside a tree. */
#pragma once

/* The manifest directory: $KBUILD_PACK_MANIFEST_DIR, else beside the
 * running binary (bin/../share/kbuild-pack/manifests), else the
 * configured install path. */
char *kbp_manifest_dir(void);
/* The modules audit --corpus builds: "modules" beside the manifest dir. */
char *kbp_corpus_dir(void);
/* A sibling program of the running binary (e.g. "kbuild-modpost"), or NULL. */
char *kbp_sibling_program(const char *name);
/* The path a relative symlink at rel (inside a tree) points to, resolved
 * lexically as any reader of the tree elsewhere would: NULL when target is
 * absolute or climbs out of the tree. */
char *path_resolve_link(const char *rel, const char *target);
