/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --host-tools=target: the kernel's host programs rebuilt for the target. */
#pragma once

struct pack_ctx;

/* Post-selection step: with --host-tools=target, replaces the selected host
 * programs with ones built by the target compiler in the scratch dir and
 * warns about every ELF program still built for another machine. */
int hosttools_rebuild(struct pack_ctx *ctx);
