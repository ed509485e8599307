/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --modpost=bundled: kbuild-modpost in place of the tree's modpost. */
#pragma once

struct pack_ctx;

/* Post-selection step: with --modpost=bundled, puts kbuild-modpost at
 * scripts/mod/modpost (-ENOTSUP for a series it does not know, -ENOENT
 * when it is not installed or the manifests selected no modpost). */
int bundled_modpost_install(struct pack_ctx *ctx);
