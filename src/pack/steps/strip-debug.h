/* SPDX-License-Identifier: GPL-2.0-or-later */
/* strip: debug (manifests/README.md): the ELF files such a rule selected
 * are packed without their debug sections. */
#pragma once

struct pack_ctx;

/* The program that strips, and the Debian and Fedora package that has it. */
#define STRIP_DEBUG_TOOL "eu-strip"
#define STRIP_DEBUG_PACKAGE "elfutils"

/* Post-selection step: every file whose rule says strip: debug and that
 * holds a debug section is replaced by a copy without them, made in the
 * pack's scratch dir (its size updated, its original size kept in
 * unstripped_size). Anything else, ELF without debug info or not ELF, is
 * packed unchanged. Nothing to do for --list. */
int strip_debug_step(struct pack_ctx *ctx);
