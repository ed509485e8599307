// SPDX-License-Identifier: GPL-2.0-or-later
#include "pack/ctx.h"

#include "shared/scratch.h"

const char *pack_scratch_dir(struct pack_ctx *ctx)
{
	if (!ctx->scratch && scratch_make("pack", &ctx->scratch) < 0)
		return NULL;
	return ctx->scratch;
}
